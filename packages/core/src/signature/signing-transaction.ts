import { TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { settings } from "../config";
import { table } from "../db/client";
import { Keys } from "../db/keys";
import { personIndex } from "../db/person-index";
import { transactWithRetries, type Verdict } from "../db/transact";
import { canonicalMailbox, normaliseEmail } from "../util/email";
import { geoTally } from "./geo-counts";
import type { Info } from "./info";
import { indexItem } from "./index-item";
import { ORIGIN_ATTRIBUTE, ORIGIN_SIGNING } from "./origin";
import type { TransactItem } from "../db/transact";

const MAX_CONFLICT_RETRIES = 8;

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

export const guardKeyOf = (signature: Info) => Keys.emailGuard(signature.petitionId, canonicalMailbox(signature.email));

/** The e-mail guard names the signature and, when the page sent one, the submission's idempotency key (a retry of it is told apart from a repeat). */
export function guardItem(signature: Info, submission?: string) {
  return { ...guardKeyOf(signature), type: "emailGuard", signatureId: signature.id, ...(submission ? { submission } : {}) };
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
export function transaction(req: { petitionId: string; idempotencyKey?: string }, signature: Info, shard: number) {
  const items: Record<SigningItem, TransactItem> = {
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
    emailGuard: { Put: { TableName: table(), Item: guardItem(signature, req.idempotencyKey), ConditionExpression: "attribute_not_exists(pk)" } },
    signature: { Put: { TableName: table(), Item: { ...signatureItem(signature), [ORIGIN_ATTRIBUTE]: ORIGIN_SIGNING } } },
    indexRow: { Put: { TableName: table(), Item: indexItem(signature) } },
  };
  return new TransactWriteCommand({ TransactItems: SIGNING_ITEMS.map((name) => items[name]) });
}

/**
 * Each process takes the counter shards in turn from a random start: every shard gets an even share
 * of its signings (random choices leave the luckiest shard a quarter over its share in a few
 * thousand), and the signings one process has in flight take different shards.
 */
let nextShard = Math.floor(Math.random() * 1_000_000);

/**
 * Sends the transaction built for the next counter shard of `shards` (`transactWithRetries`).
 * Contention on a shard cancels it with TransactionConflict; it is retried on another shard after a
 * short random pause. Any other cancellation goes to `refused`, which throws the domain error or
 * answers a Verdict. Returns the number of failed attempts.
 */
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
