export * as SignatureDeletion from "./deletion";

import { GetCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
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
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { Petition, PetitionNotFound } from "../petition";
import { SignatureNotFound, assertPossibleId, normaliseEmail, writeWithRetries } from "./index";
import { indexKey } from "./index-item";
import * as Index from "./index-partitions";
import { petitionIds } from "./listing";

export { CONFIRM_MESSAGE, CONFIRM_WORD, type Progress };

/** Signatures deleted per call of a chunked deletion. */
export const CHUNK = 500;
/** Signatures per deletion transaction: 3 deletes each plus the counter update stay under 100 items. */
const PER_TRANSACTION = 33;

export const DeleteAllInput = deleteAllInput({ petitionId: z.string().trim().min(1).max(100).optional() });
export type DeleteAllInput = z.input<typeof DeleteAllInput>;

/** The petition must exist: an item of a transaction that changes its signatures (a deleted petition took them with it). */
export const petitionExists = (petitionId: string) => ({
  ConditionCheck: { TableName: table(), Key: Keys.petition(petitionId), ConditionExpression: "attribute_exists(pk)" },
});

/**
 * Deletes one signature in one transaction: the signature (which must exist), its e-mail guard, its
 * index item, one counter shard decremented, the petition checked to exist. Answers the count.
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
  const shards = Math.max(1, await Petition.counterShards(petitionId));
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
              UpdateExpression: "ADD #count :minus",
              ExpressionAttributeNames: { "#count": "count" },
              ExpressionAttributeValues: { ":minus": -1 },
            },
          },
          petitionExists(petitionId),
        ],
      }),
    async (reasons) => {
      if (reasons[0] === "ConditionalCheckFailed") throw new SignatureNotFound();
      if (reasons[4] === "ConditionalCheckFailed") throw new PetitionNotFound();
    },
    shards,
  );
  Petition.forgetCount(petitionId);
  return { signatureCount: await Petition.count(petitionId, true) };
}

interface Victim {
  id: string;
  email: string;
}

/**
 * Up to `limit` signatures of the petition with an id below `beforeId` (all when omitted), oldest
 * first: from the admin index rows (which hold the e-mail), a page of each partition at a time.
 */
async function victims(petitionId: string, limit: number, beforeId?: string): Promise<Victim[]> {
  const rows = await Index.oldest(petitionId, limit, beforeId);
  return rows.map((row) => ({ id: row.id, email: normaliseEmail(row.email) }));
}

/** Signatures of the petition signed at or after the operation began (ids ≥ `fromId`). */
function countFrom(petitionId: string, fromId: string): Promise<number> {
  return Index.countFrom(petitionId, fromId);
}

/**
 * Signatures as a chunked deletion (collection/delete-all.ts): each signature with its e-mail guard
 * and index item, in transactions of 33 that each decrement a counter shard by exactly the number
 * they deleted; the cached count is forgotten after each chunk.
 */
const chunked: ChunkedDeleteDef<Victim> = {
  chunk: CHUNK,
  groupSize: PER_TRANSACTION,
  parts: (petitionId) => (petitionId ? [petitionId] : petitionIds()),
  victims,
  deleteGroup: async (petitionId, group, index) => {
    const shards = Math.max(1, await Petition.counterShards(petitionId));
    return deleteInTransaction(group, {
      record: (v) => ({ Delete: { TableName: table(), Key: Keys.signature(petitionId, v.id), ConditionExpression: "attribute_exists(pk)" } }),
      companions: (v) => [
        { Delete: { TableName: table(), Key: Keys.emailGuard(petitionId, v.email) } },
        { Delete: { TableName: table(), Key: indexKey(petitionId, v.id) } },
      ],
      totals: (n, attempt) => [
        {
          Update: {
            TableName: table(),
            Key: Keys.counterShard(petitionId, (index + attempt) % shards),
            UpdateExpression: "ADD #count :minus",
            ExpressionAttributeNames: { "#count": "count" },
            ExpressionAttributeValues: { ":minus": -n },
          },
        },
      ],
    });
  },
  afterChunk: (petitionId) => Petition.forgetCount(petitionId),
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
