export * as Deletion from "./deletion";

import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { z } from "zod";
import {
  CONFIRM_MESSAGE,
  CONFIRM_WORD,
  deleteAll as deleteAllOf,
  deleteAllInput,
  deleteChunk as deleteChunkOf,
  deleteInTransaction,
  type ChunkedDeleteDef,
  type Progress,
} from "../collection/delete-all";
import { settings } from "../config";
import { db, table } from "../db/client";
import { queryCount } from "../db/query";
import { Keys } from "../db/keys";
import { Petition, PetitionNotFound } from "../petition";
import { SignatureNotFound, assertPossibleId, normaliseEmail, writeWithRetries } from "./index";
import { indexKey, touch } from "./index-item";
import { petitionIds } from "./listing";

export { CONFIRM_MESSAGE, CONFIRM_WORD, type Progress };

/** Signatures deleted per call of a chunked deletion. */
export const CHUNK = 500;
/** Signatures per deletion transaction: 3 deletes each plus the counter update stay under 100 items. */
const PER_TRANSACTION = 33;

export const DeleteAllInput = deleteAllInput({ petitionId: z.string().trim().min(1).max(100).optional() });
export type DeleteAllInput = z.input<typeof DeleteAllInput>;

/**
 * The update that increments the petition's revision (the petition must exist), so listing caches
 * elsewhere reload instead of extending: alone, or as an item of a transaction that changes signatures.
 */
export const revisionUpdate = (petitionId: string) => ({
  TableName: table(),
  Key: Keys.petition(petitionId),
  UpdateExpression: "ADD revision :one",
  ConditionExpression: "attribute_exists(pk)",
  ExpressionAttributeValues: { ":one": 1 },
});

async function bumpRevision(petitionId: string) {
  try {
    await db().send(new UpdateCommand(revisionUpdate(petitionId)));
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
          { Update: revisionUpdate(petitionId) },
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

/** Up to `limit` signatures of the petition with an id below `beforeId` (all when omitted), oldest first. */
async function victims(petitionId: string, limit: number, beforeId?: string): Promise<Victim[]> {
  const before = beforeId === undefined ? undefined : `${Keys.signaturePrefix}${beforeId}`;
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

/** Signatures of the petition signed at or after the operation began (ids ≥ `fromId`). */
async function countFrom(petitionId: string, fromId: string): Promise<number> {
  return queryCount({
    TableName: table(),
    KeyConditionExpression: "pk = :pk AND sk BETWEEN :from AND :to",
    ExpressionAttributeValues: { ":pk": Keys.petition(petitionId).pk, ":from": `${Keys.signaturePrefix}${fromId}`, ":to": `${Keys.signaturePrefix}~` },
    ConsistentRead: true,
  });
}

/**
 * Signatures as a chunked deletion (collection/delete-all.ts): each signature with its e-mail guard
 * and index item, in transactions of 33 that each decrement a counter shard by exactly the number
 * they deleted; the petition's revision is incremented after each chunk.
 */
const chunked: ChunkedDeleteDef<Victim> = {
  chunk: CHUNK,
  groupSize: PER_TRANSACTION,
  parts: (petitionId) => (petitionId ? [petitionId] : petitionIds()),
  victims,
  deleteGroup: (petitionId, group, index) =>
    deleteInTransaction(group, {
      record: (v) => ({ Delete: { TableName: table(), Key: Keys.signature(petitionId, v.id), ConditionExpression: "attribute_exists(pk)" } }),
      companions: (v) => [{ Delete: { TableName: table(), Key: Keys.emailGuard(petitionId, v.email) } }, { Delete: { TableName: table(), Key: indexKey(petitionId, v.id) } }],
      totals: (n, attempt) => [
        {
          Update: {
            TableName: table(),
            Key: Keys.counterShard(petitionId, (index + attempt) % settings().COUNTER_SHARDS),
            UpdateExpression: "ADD #count :minus SET #type = :type",
            ExpressionAttributeNames: { "#count": "count", "#type": "type" },
            ExpressionAttributeValues: { ":minus": -n, ":type": "counterShard" },
          },
        },
      ],
    }),
  afterChunk: async (petitionId) => {
    await bumpRevision(petitionId);
    touch(petitionId);
    Petition.forgetCount(petitionId);
  },
  remaining: async (petitionId, beforeId) => (await Petition.count(petitionId, true)) - (await countFrom(petitionId, beforeId)),
};

/**
 * Deletes up to `limit` of the petition's signatures (those signed before the id prefix `beforeId`,
 * when given): signature, e-mail guard and index item each. Answers how many were deleted.
 */
export function deleteChunk(petitionId: string, limit = CHUNK, beforeId?: string): Promise<number> {
  return deleteChunkOf(chunked, petitionId, limit, beforeId);
}

/**
 * Delete-all, one chunk per call. The operation deletes the signatures that existed when it began
 * (`startedAt`, as recorded with its audit entry; signature ids sort by time), so people who sign
 * while it runs keep their signature and their count, and it always finishes. Counts drop by exactly
 * the rows deleted: shards are decremented, never reset.
 */
export function deleteAll(scope: { petitionId?: string }, startedAt: string): Promise<Progress> {
  return deleteAllOf(chunked, scope.petitionId, startedAt);
}

/** A delete-all of one petition needs the petition (checked before its operation is recorded). */
export async function checkScope(scope: { petitionId?: string }): Promise<void> {
  if (!scope.petitionId) return;
  Petition.assertPossibleId(scope.petitionId);
  const exists = await db().send(new GetCommand({ TableName: table(), Key: Keys.petition(scope.petitionId), ProjectionExpression: "pk" }));
  if (!exists.Item) throw new PetitionNotFound();
}
