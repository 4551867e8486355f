export * as Signature from "./index";

import { personIndex } from "../db/person-index";
import { GetCommand, PutCommand, TransactWriteCommand, type TransactWriteCommandInput } from "@aws-sdk/lib-dynamodb";
import { z } from "zod";
import { Bus, event } from "../bus";
import { cancellationCodes, reasonsByName } from "../db/cancellation";
import { ORIGIN_ATTRIBUTE, ORIGIN_SIGNING } from "./origin";
import { settings } from "../config";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { transactWithRetries, type Verdict } from "../db/transact";
import { Outbox } from "../outbox";
import { Petition, PetitionNotFound } from "../petition";
import { NotFoundError } from "../util/error";
import { sortableId } from "../util/id";
import { newYorkDate, newYorkTime } from "../util/time";
import type { MetaDetails } from "../request/meta-details";
import type { Info, Status } from "./info";
import { indexItem } from "./index-item";
import { geoTally } from "./geo-counts";
import { errorAttributes, log } from "../log";
import * as Backlog from "../mail-queue/backlog";
import { canonicalMailbox, normaliseEmail } from "../util/email";

export { cancellationCodes };
export { ClientDetails, metaDetails, deviceType, browserName, type MetaDetails } from "../request/meta-details";

const SignatureRef = z.object({ petitionId: z.string(), signatureId: z.string() });

/**
 * A signature's own events. Its creation and its confirmation are not events on the bus: the
 * signature item is, on the table's stream (signature/effects.ts), where one consumer does their
 * side effects a batch at a time. `signature.created` and `signature.verified` were published before;
 * an outbox item of theirs left from then is still delivered (events/signature-legacy-event.ts).
 */
export const Events = {
  /** Before the stream: a signature was stored (`pending` when it waits for its e-mail's confirmation). */
  Created: event("signature.created", SignatureRef.extend({ pending: z.boolean().optional() })),
  /** Before the stream: a pending signature was confirmed from its link and is now counted. */
  Verified: event("signature.verified", SignatureRef),
  /** Someone signed again with the mailbox of this (earlier) signature: it was answered as a first signature and counted nothing. */
  Repeated: event("signature.repeated", SignatureRef),
  /** A batch of the stream counted signatures: the spreadsheet's "Signatures" tab syncs (one per batch, coalesced). */
  SheetSyncDue: event("signature.sheet_sync_due", z.object({})),
};

export { SignInput, SIGN_CAPTCHA_ACTION, ConfirmInput } from "./input";

export { STATUSES, type Info, type Status } from "./info";

export class SignatureNotFound extends NotFoundError {
  constructor() {
    super("signature.not_found", "Signature not found");
  }
}

export { normaliseEmail };

const MAX_CONFLICT_RETRIES = 8;
export const RATE_SCOPE = "sign";

export interface SignRequest {
  petitionId: string;
  /** Who is signing, for the per-client rate limit (the client IP). */
  client: string;
  firstName: string;
  lastName: string;
  email: string;
  timeshareName?: string;
  newsletterConsent: boolean;
  wantsUpdates?: boolean;
  meta: MetaDetails;
}

/**
 * What the signer is answered, the same for a first signature and for a repeat of a mailbox that has
 * signed (no enumeration): on a petition that verifies signatures `{signatureId, status: "pending",
 * mail}`, `mail` saying when the confirmation link should arrive (the confirmations queued ahead and
 * the seconds they take, mail-queue/backlog.ts; left out when it cannot be read), else
 * `{signatureId, status: "unverified", signatureCount}` (counted at once, its mailbox not confirmed).
 */
export type SignAnswer =
  { signatureId: string; status: "pending"; mail?: ConfirmationWait } | { signatureId: string; status: "unverified"; signatureCount: number };

/** When a confirmation link queued now should be sent: the confirmations ahead of it, and the seconds they take. */
export type ConfirmationWait = Backlog.Wait;

/** The wait a new confirmation link faces, or nothing when it cannot be read (the signature is stored either way). */
async function confirmationWait(): Promise<ConfirmationWait | undefined> {
  try {
    return await Backlog.current();
  } catch (err) {
    log.warn("signing: the confirmations' backlog could not be read", errorAttributes(err));
    return undefined;
  }
}

const pendingAnswer = async (signatureId: string): Promise<SignAnswer> => {
  const mail = await confirmationWait();
  return mail ? { signatureId, status: "pending", mail } : { signatureId, status: "pending" };
};

export interface Signed {
  answer: SignAnswer;
  /** the stored signature; for a repeat, the attempt, which was not stored */
  signature: Info;
  /** the counted signatures answered to the signer of a petition that does not verify signatures */
  signatureCount?: number;
  /** a repeat of a mailbox that has signed: nothing stored, nothing counted */
  repeated: boolean;
  /** `signature.repeated`, to publish once the answer is ready, when there was an earlier signature to tell */
  event?: RepeatedEvent;
}

/**
 * Signs in one transaction: the counter shard must exist and be open (the petition exists and is not
 * being deleted), the e-mail guard must be new, the signature and its admin index row are stored and
 * the shard's `count` incremented, or its `pending` when the petition verifies signatures. The
 * client's attempt was counted before, on its own (`RateLimit.admitForm`: the window is in no
 * transaction, so a burst's attempts never cancel each other's). Contention on a shard cancels the transaction with TransactionConflict; it is
 * retried on another shard. A mailbox that has signed (its guard exists) is answered exactly as a
 * first signature and counts nothing: `signature.repeated` is recorded, whose e-mail tells the mailbox
 * instead (`repeat`). Nothing else is written: the signature item is the event its side effects
 * follow from (signature/effects.ts).
 */
export async function create(req: SignRequest): Promise<Signed> {
  if (!Petition.ID_PATTERN.test(req.petitionId)) throw new PetitionNotFound();
  const pending = await Petition.verifiesSignatures(req.petitionId);
  const signature = build(req, new Date(), pending ? "pending" : "unverified");
  let shardsChecked = false;
  let signedBefore = false;
  const sentAt = performance.now();
  const conflicts = await writeWithRetries(
    (shard) => transaction(req, signature, shard),
    async (codes) => {
      const reasons = reasonsByName(SIGNING_ITEMS, codes);
      if (reasons.emailGuard === "ConditionalCheckFailed") {
        signedBefore = true;
        return "refused";
      }
      if (reasons.counterShard === "ConditionalCheckFailed") {
        // No open shard: the petition is gone or being deleted, or it has fewer shards than this
        // process's setting (created before it was raised): those are added once, then signing retries.
        if (shardsChecked || !(await Petition.ensureCounterShards(req.petitionId, settings().PETITION_COUNTER_SHARDS))) throw new PetitionNotFound();
        shardsChecked = true;
        return "retry";
      }
    },
  );
  if (signedBefore) return repeat(req, signature, pending);
  const writtenAt = performance.now();
  if (conflicts > 2) log.warn("signing retried on shard conflicts", { conflicts, petitionId: req.petitionId });
  if (pending) return { answer: await pendingAnswer(signature.id), repeated: false, signature };
  const signatureCount = await Petition.countAfter(req.petitionId, sentAt, writtenAt);
  return { answer: { signatureId: signature.id, status: "unverified", signatureCount }, signatureCount, repeated: false, signature };
}

/**
 * A visitor's signature (`create`), answered as the sign route answers it; a repeat's
 * `signature.repeated` is published once its outbox item is stored (a new signature's side effects
 * follow from its item on the table's stream, signature/effects.ts).
 */
export async function sign(req: SignRequest): Promise<SignAnswer> {
  const signed = await create(req);
  if (signed.event) await Bus.publish(Events.Repeated, signed.event.detail, signed.event.id);
  return signed.answer;
}

export type RepeatedEvent = Bus.Published<{ petitionId: string; signatureId: string }>;

/**
 * A mailbox that has signed the petition signs again: answered as a first signature (a fresh id that
 * names nothing stored), nothing counted. The attempt took the client's rate limit as any does; the
 * outbox records `signature.repeated` for the earlier signature (its guard names it), whose
 * subscriber e-mails the mailbox "already signed" or, while the earlier one is pending, its
 * confirmation link again, at most once a day per address and petition.
 */
async function repeat(req: SignRequest, attempt: Info, pending: boolean): Promise<Signed> {
  const guard = await db().send(new GetCommand({ TableName: table(), Key: guardKeyOf(attempt), ConsistentRead: true }));
  const earlierId = guard.Item?.signatureId as string | undefined;
  let event: RepeatedEvent | undefined;
  // the earlier signature may have been deleted between the two reads: nobody to tell
  if (earlierId) {
    event = Outbox.record(Events.Repeated, { petitionId: req.petitionId, signatureId: earlierId });
    await db().send(new PutCommand(Outbox.put(event).Put));
  }
  if (pending) return { answer: await pendingAnswer(attempt.id), signature: attempt, repeated: true, event };
  const signatureCount = await Petition.count(req.petitionId);
  return { answer: { signatureId: attempt.id, status: "unverified", signatureCount }, signatureCount, signature: attempt, repeated: true, event };
}

/** The signature as stored and as subscribers read it. */
export function build(req: SignRequest, now = new Date(), status: Status = "unverified"): Info {
  const createdAt = now.toISOString();
  return {
    id: sortableId(now.getTime()),
    petitionId: req.petitionId,
    firstName: req.firstName,
    lastName: req.lastName,
    email: req.email,
    timeshareName: req.timeshareName || undefined,
    newsletterConsent: req.newsletterConsent,
    newsletterConsentAt: req.newsletterConsent ? createdAt : undefined,
    ...(req.wantsUpdates ? { wantsUpdates: true } : {}),
    meta: req.meta,
    createdDate: newYorkDate(now),
    createdTime: newYorkTime(now),
    createdAt,
    status,
  };
}

/** The stored signature item (main table, listed by date on gsi1). */
export function signatureItem(signature: Info) {
  return {
    ...Keys.signature(signature.petitionId, signature.id),
    ...Keys.signatureList(signature.createdAt, signature.id),
    ...personIndex(signature.email, "signature", Keys.signature(signature.petitionId, signature.id)),
    type: "signature",
    emailNormalized: normaliseEmail(signature.email),
    // what the signing transaction added to the counts by place (a pending signature: nothing until
    // it is confirmed, verification.ts): a deletion subtracts exactly this
    ...(signature.status === "pending" ? {} : { geo: geoTally(signature.meta) }),
    emailGuardKey: canonicalMailbox(signature.email),
    ...signature,
  };
}

/**
 * The mailbox a signature's e-mail guard is keyed by: the canonical mailbox (`util/email.ts`) for
 * signatures with a status (stored since the guard folds aliases), the normalised e-mail for older
 * ones, whose guards were written so. What a deletion, an anonymisation or a retention pass deletes.
 */
export const guardMailbox = (s: { email: string; status?: string; emailGuardKey?: string }) =>
  s.emailGuardKey ?? (s.status ? canonicalMailbox(s.email) : normaliseEmail(s.email));

const guardKeyOf = (signature: Info) => Keys.emailGuard(signature.petitionId, canonicalMailbox(signature.email));

export function guardItem(signature: Info) {
  return { ...guardKeyOf(signature), type: "emailGuard", signatureId: signature.id };
}

/** The signing transaction's items, in their order: its cancellation reasons are read by these names. */
export const SIGNING_ITEMS = ["counterShard", "emailGuard", "signature", "indexRow"] as const;
type SigningItem = (typeof SIGNING_ITEMS)[number];

/**
 * The items of the signing transaction (also what the sign benchmark writes bare), each under a
 * partition key of its own except the counter shard, which `PETITION_COUNTER_SHARDS` spread
 * (docs/architecture.md "Capacity"), named in `SIGNING_ITEMS`, by which callers read its cancellation
 * reasons: the counter shard (missing, or its petition being deleted), the e-mail guard (the mailbox
 * has signed), the signature (marked as written by signing: its stream record is the event its side
 * effects follow, signature/effects.ts) and the admin index row. The counts by place are added from the stream, a batch at a time; the petition's own
 * item, with its story, is not touched.
 */
export function transaction(req: Pick<SignRequest, "petitionId">, signature: Info, shard: number) {
  const items: Record<SigningItem, NonNullable<TransactWriteCommandInput["TransactItems"]>[number]> = {
    counterShard: {
      Update: {
        TableName: table(),
        Key: Keys.counterShard(req.petitionId, shard),
        UpdateExpression: "ADD #count :one",
        // a petition being deleted takes no new signatures, so its deletion can finish
        ConditionExpression: "attribute_exists(pk) AND attribute_not_exists(deleting)",
        // a pending signature is counted apart until it is confirmed (verification.ts moves it)
        ExpressionAttributeNames: { "#count": signature.status === "pending" ? "pending" : "count" },
        ExpressionAttributeValues: { ":one": 1 },
      },
    },
    emailGuard: { Put: { TableName: table(), Item: guardItem(signature), ConditionExpression: "attribute_not_exists(pk)" } },
    signature: { Put: { TableName: table(), Item: { ...signatureItem(signature), [ORIGIN_ATTRIBUTE]: ORIGIN_SIGNING } } },
    indexRow: { Put: { TableName: table(), Item: indexItem(signature) } },
  };
  return new TransactWriteCommand({ TransactItems: SIGNING_ITEMS.map((name) => items[name]) });
}

/**
 * Sends the transaction built for a random counter shard of `shards` (`transactWithRetries`).
 * Contention on a shard cancels it with TransactionConflict; it is retried on another shard after a
 * short random pause. Any other cancellation goes to `refused`, which throws the domain error or
 * answers a Verdict. Returns the number of failed attempts.
 */
/**
 * Each process takes the counter shards in turn from a random start: every shard gets an even share
 * of its signings (random choices leave the luckiest shard a quarter over its share in a few
 * thousand), and the signings one process has in flight take different shards.
 */
let nextShard = Math.floor(Math.random() * 1_000_000);

export async function writeWithRetries(
  command: (shard: number) => TransactWriteCommand,
  refused: (reasons: (string | undefined)[]) => Promise<Verdict>,
  shards = settings().PETITION_COUNTER_SHARDS,
): Promise<number> {
  const { retries } = await transactWithRetries(() => command(nextShard++ % shards), {
    maxAttempts: MAX_CONFLICT_RETRIES + 1,
    onCancelled: refused,
  });
  return retries;
}

/** Signature ids are sortable ids (lower-case base 36). */
const SIGNATURE_ID_PATTERN = /^[0-9a-z]{1,64}$/;

/** Ids no signature can have are not found without asking DynamoDB, which refuses keys over 2 KB. */
export function assertPossibleId(petitionId: string, signatureId: string): void {
  if (!Petition.ID_PATTERN.test(petitionId) || !SIGNATURE_ID_PATTERN.test(signatureId)) throw new SignatureNotFound();
}

export async function fromID(petitionId: string, signatureId: string): Promise<Info> {
  assertPossibleId(petitionId, signatureId);
  const res = await db().send(new GetCommand({ TableName: table(), Key: Keys.signature(petitionId, signatureId) }));
  if (!res.Item) throw new SignatureNotFound();
  return infoOf(res.Item);
}

/** A stored signature item as `Info`: without its keys and the attributes only its writers read. */
export function infoOf(item: Record<string, unknown>): Info {
  const {
    pk,
    sk,
    gsi1pk,
    gsi1sk,
    gsi3pk,
    gsi3sk,
    type,
    emailNormalized,
    emailGuardKey,
    confirmTokenHash,
    confirmTokenExpiresAt,
    confirmedTokenHash,
    geo,
    origin,
    ...info
  } = item;
  return info as unknown as Info;
}
