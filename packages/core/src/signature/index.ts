export * as Signature from "./index";

import { personIndex } from "../db/person-index";
import { GetCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { z } from "zod";
import { event } from "../bus";
import { settings } from "../config";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { transactWithRetries, type Verdict } from "../db/transact";
import { Outbox } from "../outbox";
import { Petition, PetitionNotFound } from "../petition";
import { RateLimit, TooManyAttempts } from "../ratelimit";
import { VisibleError, NotFoundError } from "../util/error";
import { sortableId } from "../util/id";
import { newYorkDate, newYorkTime } from "../util/time";
import type { MetaDetails } from "../request/meta-details";
import { indexItem } from "./index-item";
import { geoCountWrites, geoTally } from "./geo-counts";
import { log } from "../log";
import { normaliseEmail } from "../util/email";

export { cancellationCodes } from "../db/cancellation";
export { ClientDetails, metaDetails, deviceType, browserName, type MetaDetails } from "../request/meta-details";

export const Events = {
  Created: event("signature.created", z.object({ petitionId: z.string(), signatureId: z.string() })),
};

export { SignInput, SIGN_CAPTCHA_ACTION } from "./input";

export interface Info {
  id: string;
  petitionId: string;
  firstName: string;
  lastName: string;
  email: string;
  timeshareName?: string;
  newsletterConsent: boolean;
  newsletterConsentAt?: string;
  meta: MetaDetails;
  createdDate: string;
  createdTime: string;
  createdAt: string;
}

export class AlreadySigned extends VisibleError {
  constructor() {
    super(409, "signature.duplicate", "You have already signed this petition.");
  }
}

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
  meta: MetaDetails;
}

/**
 * Signs in one transaction: the counter shard must exist and be open (the petition exists and is not
 * being deleted), the e-mail guard must be new, the client must have attempts left this minute (the
 * attempt is counted), the signature is stored and the shard incremented. Contention on a shard
 * cancels the transaction with TransactionConflict; it is retried on another shard. A refused attempt
 * (duplicate, unknown petition) still counts against the rate limit, so nobody can probe which
 * e-mails have signed faster than the limit allows.
 */
const RATE_CONFLICTS_BEFORE_REFUSING = 3;

export async function create(req: SignRequest): Promise<{ signature: Info; signatureCount: number; event: CreatedEvent }> {
  if (!Petition.ID_PATTERN.test(req.petitionId)) {
    await RateLimit.consume(RATE_SCOPE, req.client, settings().SIGN_RATE_LIMIT_PER_MINUTE);
    throw new PetitionNotFound();
  }
  const signature = build(req);
  const event = createdEvent(signature);
  let rateConflicts = 0;
  let shardsChecked = false;
  const sentAt = performance.now();
  const conflicts = await writeWithRetries(
    (shard) => transaction(req, signature, shard, event),
    async (reasons) => {
      if (reasons[2] === "ConditionalCheckFailed") throw new TooManyAttempts();
      // Only this client's own concurrent attempts contend for its rate window: a burst from one
      // address is refused as such instead of retrying into a 500.
      if (reasons[2] === "TransactionConflict" && ++rateConflicts >= RATE_CONFLICTS_BEFORE_REFUSING) throw new TooManyAttempts();
      if (reasons[1] === "ConditionalCheckFailed") return refuse(req, new AlreadySigned());
      if (reasons[0] === "ConditionalCheckFailed") {
        // No open shard: the petition is gone or being deleted, or it has fewer shards than this
        // process's setting (created before it was raised): those are added once, then signing retries.
        if (shardsChecked || !(await Petition.ensureCounterShards(req.petitionId, settings().PETITION_COUNTER_SHARDS))) {
          return refuse(req, new PetitionNotFound());
        }
        shardsChecked = true;
        return "retry";
      }
    },
  );
  const writtenAt = performance.now();
  if (conflicts > 2) log.warn("signing retried on shard conflicts", { conflicts, petitionId: req.petitionId });
  return { signature, signatureCount: await Petition.countAfter(req.petitionId, sentAt, writtenAt), event };
}

async function refuse(req: SignRequest, refusal: Error): Promise<never> {
  await RateLimit.consume(RATE_SCOPE, req.client, settings().SIGN_RATE_LIMIT_PER_MINUTE);
  throw refusal;
}

export type CreatedEvent = ReturnType<typeof createdEvent>;

/** `signature.created` with its stable id: stored in the signing transaction's outbox item, then published. */
export const createdEvent = (signature: Info) => Outbox.record(Events.Created, { petitionId: signature.petitionId, signatureId: signature.id });

/** The signature as stored and as subscribers read it. */
export function build(req: SignRequest, now = new Date()): Info {
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
    meta: req.meta,
    createdDate: newYorkDate(now),
    createdTime: newYorkTime(now),
    createdAt,
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
    // what the signing transaction added to the counts by place: a deletion subtracts exactly this
    geo: geoTally(signature.meta),
    ...signature,
  };
}

export function guardItem(signature: Info) {
  return { ...Keys.emailGuard(signature.petitionId, normaliseEmail(signature.email)), type: "emailGuard", signatureId: signature.id };
}

/**
 * The items of the signing transaction (also what the sign benchmark writes bare), each under a
 * partition key of its own except the counter shard, which `PETITION_COUNTER_SHARDS` spread
 * (docs/architecture.md "Capacity"). Callers read cancellation reasons by position: 0 counter shard
 * (missing, or its petition being deleted), 1 e-mail guard, 2 rate limit. Then the signature, the
 * admin index row and the outbox item of `signature.created` (one event id for every conflict retry
 * of one signature). After them, the counts by place on the counter's shard number (geo-counts.ts:
 * one or two items). The petition's own item, with its story, is not touched.
 */
export function transaction(req: SignRequest, signature: Info, shard: number, event = createdEvent(signature)) {
  return new TransactWriteCommand({
    TransactItems: [
      {
        Update: {
          TableName: table(),
          Key: Keys.counterShard(req.petitionId, shard),
          UpdateExpression: "ADD #count :one",
          // a petition being deleted takes no new signatures, so its deletion can finish
          ConditionExpression: "attribute_exists(pk) AND attribute_not_exists(deleting)",
          ExpressionAttributeNames: { "#count": "count" },
          ExpressionAttributeValues: { ":one": 1 },
        },
      },
      { Put: { TableName: table(), Item: guardItem(signature), ConditionExpression: "attribute_not_exists(pk)" } },
      { Update: RateLimit.hit(RATE_SCOPE, req.client, settings().SIGN_RATE_LIMIT_PER_MINUTE) },
      { Put: { TableName: table(), Item: signatureItem(signature) } },
      { Put: { TableName: table(), Item: indexItem(signature) } },
      Outbox.put(event),
      ...geoCountWrites(req.petitionId, signature.meta, shard),
    ],
  });
}

/**
 * Sends the transaction built for a random counter shard of `shards` (`transactWithRetries`).
 * Contention on a shard cancels it with TransactionConflict; it is retried on another shard after a
 * short random pause. Any other cancellation goes to `refused`, which throws the domain error or
 * answers a Verdict. Returns the number of failed attempts.
 */
export async function writeWithRetries(
  command: (shard: number) => TransactWriteCommand,
  refused: (reasons: (string | undefined)[]) => Promise<Verdict>,
  shards = settings().PETITION_COUNTER_SHARDS,
): Promise<number> {
  const { retries } = await transactWithRetries(() => command(Math.floor(Math.random() * shards)), {
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
  const { pk, sk, gsi1pk, gsi1sk, gsi3pk, gsi3sk, type, emailNormalized, geo, ...info } = res.Item;
  return info as Info;
}
