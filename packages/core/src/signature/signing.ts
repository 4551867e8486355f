import { GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { Bus } from "../bus";
import { reasonsByName } from "../db/cancellation";
import { settings } from "../config";
import { db, table } from "../db/client";
import { errorAttributes, log } from "../log";
import * as Backlog from "../mail-queue/backlog";
import { Outbox } from "../outbox";
import { Petition, PetitionNotFound } from "../petition";
import type { MetaDetails } from "../request/meta-details";
import { sortableId } from "../util/id";
import { newYorkDate, newYorkTime } from "../util/time";
import { Events } from "./events";
import type { Info, Status } from "./info";
import { SIGNING_ITEMS, guardKeyOf, transaction, writeWithRetries } from "./signing-transaction";

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
  /** The page's key for this submission, sent again with each retry of it (functions/src/lib/http.ts). */
  idempotencyKey?: string;
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
  // the page's retry of a submission that was stored (its answer lost to a timeout or an error): the
  // signature it stored, answered again; nothing recorded, so no "already signed" e-mail
  if (earlierId && req.idempotencyKey && guard.Item?.submission === req.idempotencyKey) return retried(req, { ...attempt, id: earlierId }, pending);
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

/** A retried submission's answer: the stored signature's id, as its first attempt would have answered. */
async function retried(req: SignRequest, stored: Info, pending: boolean): Promise<Signed> {
  if (pending) return { answer: await pendingAnswer(stored.id), signature: stored, repeated: true };
  const signatureCount = await Petition.count(req.petitionId);
  return { answer: { signatureId: stored.id, status: "unverified", signatureCount }, signatureCount, signature: stored, repeated: true };
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
