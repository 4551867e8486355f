export * as Deletion from "./deletion";

import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { z } from "zod";
import { settings } from "../config";
import { db, table } from "../db/client";
import { queryCount } from "../db/query";
import { Keys } from "../db/keys";
import { Petition, PetitionNotFound } from "../petition";
import { SignatureNotFound, assertPossibleId, cancellationCodes, normaliseEmail, writeWithRetries } from "./index";
import { indexKey, touch } from "./index-item";
import { idFloor, petitionIds, pool } from "./listing";

export const CONFIRM_WORD = "CONFIRM";
export const CONFIRM_MESSAGE = "Please type CONFIRM exactly to proceed";

/** Signatures deleted per call of a chunked deletion. */
export const CHUNK = 500;
/** Signatures per deletion transaction: 3 deletes each plus the counter update stay under 100 items. */
const PER_TRANSACTION = 33;

export const DeleteAllInput = z.object({
  confirm: z.literal(CONFIRM_WORD, { error: CONFIRM_MESSAGE }),
  petitionId: z.string().trim().min(1).max(100).optional(),
  /** continues an operation the server issued; its cut-off comes from the stored operation */
  operationId: z.string().regex(/^[0-9a-z]{21}$/, "Unknown operation").optional(),
});
export type DeleteAllInput = z.input<typeof DeleteAllInput>;

/** One chunk's answer (the audited operation adds its `operationId`). */
export interface Progress {
  /** signatures deleted by this call */
  deleted: number;
  /** signatures the operation still has to delete */
  remaining: number;
  done: boolean;
}

/** Increments the petition's revision, so listing caches elsewhere reload instead of extending. */
async function bumpRevision(petitionId: string) {
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: Keys.petition(petitionId),
        UpdateExpression: "ADD revision :one",
        ConditionExpression: "attribute_exists(pk)",
        ExpressionAttributeValues: { ":one": 1 },
      }),
    );
  } catch (err) {
    if ((err as Error).name !== "ConditionalCheckFailedException") throw err;
  }
}

/**
 * Deletes one signature in one transaction: the signature (which must exist), its e-mail guard, its
 * index item, one counter shard decremented, the petition's revision incremented. Answers the count.
 */
export async function remove(petitionId: string, signatureId: string): Promise<{ signatureCount: number }> {
  assertPossibleId(petitionId, signatureId);
  const res = await db().send(
    new GetCommand({
      TableName: table(),
      Key: Keys.signature(petitionId, signatureId),
      ProjectionExpression: "emailNormalized, email",
      ConsistentRead: true,
    }),
  );
  if (!res.Item) throw new SignatureNotFound();
  const email = (res.Item.emailNormalized as string | undefined) ?? normaliseEmail(String(res.Item.email));
  await writeWithRetries(
    (shard) =>
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: table(), Key: Keys.signature(petitionId, signatureId), ConditionExpression: "attribute_exists(pk)" } },
          { Delete: { TableName: table(), Key: Keys.emailGuard(petitionId, email) } },
          { Delete: { TableName: table(), Key: indexKey(petitionId, signatureId) } },
          {
            Update: {
              TableName: table(),
              Key: Keys.counterShard(petitionId, shard),
              UpdateExpression: "ADD #count :minus SET #type = :type",
              ExpressionAttributeNames: { "#count": "count", "#type": "type" },
              ExpressionAttributeValues: { ":minus": -1, ":type": "counterShard" },
            },
          },
          {
            Update: {
              TableName: table(),
              Key: Keys.petition(petitionId),
              UpdateExpression: "ADD revision :one",
              ConditionExpression: "attribute_exists(pk)",
              ExpressionAttributeValues: { ":one": 1 },
            },
          },
        ],
      }),
    async (reasons) => {
      if (reasons[0] === "ConditionalCheckFailed") throw new SignatureNotFound();
      if (reasons[4] === "ConditionalCheckFailed") throw new PetitionNotFound();
    },
  );
  touch(petitionId);
  Petition.forgetCount(petitionId);
  return { signatureCount: await Petition.count(petitionId, true) };
}

interface Victim {
  id: string;
  email: string;
}

/** Deletes the given signatures with their guards and index items, decrementing the count by exactly the number deleted. */
async function deleteGroup(petitionId: string, victims: Victim[], shardHint: number): Promise<number> {
  let pending = victims;
  for (let attempt = 0; pending.length; attempt++) {
    const shard = (shardHint + attempt) % settings().COUNTER_SHARDS;
    const items = [
      ...pending.map((v) => ({
        Delete: { TableName: table(), Key: Keys.signature(petitionId, v.id), ConditionExpression: "attribute_exists(pk)" },
      })),
      ...pending.map((v) => ({ Delete: { TableName: table(), Key: Keys.emailGuard(petitionId, v.email) } })),
      ...pending.map((v) => ({ Delete: { TableName: table(), Key: indexKey(petitionId, v.id) } })),
      {
        Update: {
          TableName: table(),
          Key: Keys.counterShard(petitionId, shard),
          UpdateExpression: "ADD #count :minus SET #type = :type",
          ExpressionAttributeNames: { "#count": "count", "#type": "type" },
          ExpressionAttributeValues: { ":minus": -pending.length, ":type": "counterShard" },
        },
      },
    ];
    try {
      await db().send(new TransactWriteCommand({ TransactItems: items }));
      return pending.length;
    } catch (err) {
      const reasons = cancellationCodes(err);
      // signatures someone else deleted meanwhile: leave them out and try again
      const gone = new Set(pending.map((_, i) => i).filter((i) => reasons[i] === "ConditionalCheckFailed"));
      const conflict = reasons.includes("TransactionConflict") || (err as Error).name === "TransactionConflictException";
      if (!gone.size && !conflict) throw err;
      if (attempt > 20) throw err;
      pending = pending.filter((_, i) => !gone.has(i));
      if (conflict) await new Promise((r) => setTimeout(r, Math.random() * 20 * (attempt + 1)));
    }
  }
  return 0;
}

/** Up to `limit` signatures of the petition with sk < `before` (all when omitted), oldest first. */
async function victims(petitionId: string, limit: number, before?: string): Promise<Victim[]> {
  const found: Victim[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const res = await db().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: before ? "pk = :pk AND sk BETWEEN :from AND :to" : "pk = :pk AND begins_with(sk, :from)",
        ExpressionAttributeValues: { ":pk": Keys.petition(petitionId).pk, ":from": Keys.signaturePrefix, ...(before ? { ":to": before } : {}) },
        ProjectionExpression: "sk, emailNormalized, email",
        ConsistentRead: true,
        Limit: limit - found.length,
        ExclusiveStartKey,
      }),
    );
    for (const item of res.Items ?? []) {
      const sk = item.sk as string;
      if (before && sk >= before) continue;
      found.push({ id: sk.slice(Keys.signaturePrefix.length), email: (item.emailNormalized as string) ?? normaliseEmail(String(item.email)) });
    }
    ExclusiveStartKey = res.LastEvaluatedKey;
  } while (ExclusiveStartKey && found.length < limit);
  return found;
}

/**
 * Deletes up to `limit` of the petition's signatures (those signed before `before`, a signature sort
 * key, when given): signature, e-mail guard and index item each, in transactions of 33 that each
 * decrement a counter shard by exactly the number they deleted. Answers how many were deleted.
 */
export async function deleteChunk(petitionId: string, limit = CHUNK, before?: string): Promise<number> {
  const found = await victims(petitionId, limit, before);
  if (!found.length) return 0;
  const groups: Victim[][] = [];
  for (let i = 0; i < found.length; i += PER_TRANSACTION) groups.push(found.slice(i, i + PER_TRANSACTION));
  let deleted = 0;
  await pool(groups, 4, async (group, i) => {
    const n = await deleteGroup(petitionId, group, i);
    deleted += n;
  });
  await bumpRevision(petitionId);
  touch(petitionId);
  Petition.forgetCount(petitionId);
  return deleted;
}

/** Signatures of the petition signed at or after the operation began (sk ≥ `from`). */
async function countFrom(petitionId: string, from: string): Promise<number> {
  return queryCount({
    TableName: table(),
    KeyConditionExpression: "pk = :pk AND sk BETWEEN :from AND :to",
    ExpressionAttributeValues: { ":pk": Keys.petition(petitionId).pk, ":from": from, ":to": `${Keys.signaturePrefix}~` },
    ConsistentRead: true,
  });
}

/**
 * Delete-all, one chunk per call. The operation deletes the signatures that existed when it began
 * (`startedAt`, as recorded with its audit entry; signature ids sort by time), so people who sign
 * while it runs keep their signature and their count, and it always finishes. Counts drop by exactly
 * the rows deleted: shards are decremented, never reset.
 */
export async function deleteAll(scope: { petitionId?: string }, startedAt: string): Promise<Progress> {
  const started = Date.parse(startedAt);
  if (Number.isNaN(started)) throw new Error(`delete-all needs the operation's start time, got ${JSON.stringify(startedAt)}`);
  const before = `${Keys.signaturePrefix}${idFloor(started)}`;
  const ids = scope.petitionId ? [scope.petitionId] : await petitionIds();
  let deleted = 0;
  for (const id of ids) {
    if (deleted >= CHUNK) break;
    deleted += await deleteChunk(id, CHUNK - deleted, before);
  }
  const left = await Promise.all(ids.map(async (id) => Math.max(0, (await Petition.count(id, true)) - (await countFrom(id, before)))));
  // fewer than a chunk found: nothing older is left, whatever the counters say
  const done = deleted < CHUNK || left.every((n) => n === 0);
  return { deleted, remaining: done ? 0 : left.reduce((a, b) => a + b, 0), done };
}

/** A delete-all of one petition needs the petition (checked before its operation is recorded). */
export async function checkScope(scope: { petitionId?: string }): Promise<void> {
  if (!scope.petitionId) return;
  Petition.assertPossibleId(scope.petitionId);
  const exists = await db().send(new GetCommand({ TableName: table(), Key: Keys.petition(scope.petitionId), ProjectionExpression: "pk" }));
  if (!exists.Item) throw new PetitionNotFound();
}
