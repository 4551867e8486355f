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
import { SignatureNotFound, assertPossibleId, guardMailbox, writeWithRetries } from "./index";
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
 * The signature's delete, on condition that it exists with the status its counter decrement assumes:
 * a pending one must still be pending (else it was confirmed meanwhile and counts in `count`).
 */
function deleteSignature(petitionId: string, signatureId: string, pending: boolean) {
  return {
    Delete: {
      TableName: table(),
      Key: Keys.signature(petitionId, signatureId),
      ConditionExpression: pending
        ? "attribute_exists(pk) AND #status = :pending"
        : "attribute_exists(pk) AND (attribute_not_exists(#status) OR #status <> :pending)",
      ExpressionAttributeNames: { "#status": "status" },
      ExpressionAttributeValues: { ":pending": "pending" },
    },
  };
}

/** A counter shard lowered by the signatures deleted: `count` for counted ones, `pending` for those awaiting confirmation. */
export function lowerCounts(petitionId: string, shard: number, counted: number, pending: number) {
  return {
    Update: {
      TableName: table(),
      Key: Keys.counterShard(petitionId, shard),
      UpdateExpression: "ADD #count :counted, #pending :pending",
      ExpressionAttributeNames: { "#count": "count", "#pending": "pending" },
      ExpressionAttributeValues: { ":counted": -counted, ":pending": -pending },
    },
  };
}

/**
 * Deletes one signature in one transaction: the signature (which must exist, with the status read),
 * its e-mail guard (under the mailbox it was written with), its index item, one counter shard's
 * `count` (or `pending`, for a signature awaiting confirmation) decremented, the petition checked to
 * exist. Answers the count.
 */
export async function remove(petitionId: string, signatureId: string): Promise<{ signatureCount: number }> {
  assertPossibleId(petitionId, signatureId);
  const shards = Math.max(1, await Petition.counterShards(petitionId));
  for (let attempt = 0; ; attempt++) {
    const res = await db().send(
      new GetCommand({
        TableName: table(),
        Key: Keys.signature(petitionId, signatureId),
        ProjectionExpression: "email, emailGuardKey, #status",
        ExpressionAttributeNames: { "#status": "status" },
        ConsistentRead: true,
      }),
    );
    if (!res.Item) throw new SignatureNotFound();
    const item = res.Item as { email: string; emailGuardKey?: string; status?: string };
    const pending = item.status === "pending";
    let statusChanged = false;
    await writeWithRetries(
      (shard) =>
        new TransactWriteCommand({
          TransactItems: [
            deleteSignature(petitionId, signatureId, pending),
            // an anonymised signature's guard is already gone (its e-mail is blank)
            ...(item.email ? [{ Delete: { TableName: table(), Key: Keys.emailGuard(petitionId, guardMailbox(item)) } }] : []),
            { Delete: { TableName: table(), Key: indexKey(petitionId, signatureId) } },
            lowerCounts(petitionId, shard, pending ? 0 : 1, pending ? 1 : 0),
            petitionExists(petitionId),
          ],
        }),
      async (reasons) => {
        if (reasons[0] === "ConditionalCheckFailed") {
          // gone, or confirmed between the read and the write: read it again
          if (attempt >= 2) throw new SignatureNotFound();
          statusChanged = true;
          return "refused";
        }
        if (reasons.at(-1) === "ConditionalCheckFailed") throw new PetitionNotFound();
      },
      shards,
    );
    if (!statusChanged) break;
  }
  Petition.forgetCount(petitionId);
  return { signatureCount: await Petition.count(petitionId, true) };
}

interface Victim {
  id: string;
  /** the mailbox its e-mail guard is keyed by ("" once anonymised) */
  mailbox: string;
  pending: boolean;
}

/**
 * Up to `limit` signatures of the petition with an id below `beforeId` (all when omitted), oldest
 * first: from the admin index rows (which hold the e-mail), a page of each partition at a time.
 */
async function victims(petitionId: string, limit: number, beforeId?: string): Promise<Victim[]> {
  const rows = await Index.oldest(petitionId, limit, beforeId);
  return rows.map((row) => ({ id: row.id, mailbox: row.email ? guardMailbox(row) : "", pending: row.status === "pending" }));
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
      // a signature confirmed since its row was read fails its condition and is left for the next chunk
      record: (v) => deleteSignature(petitionId, v.id, v.pending),
      companions: (v) => [
        ...(v.mailbox ? [{ Delete: { TableName: table(), Key: Keys.emailGuard(petitionId, v.mailbox) } }] : []),
        { Delete: { TableName: table(), Key: indexKey(petitionId, v.id) } },
      ],
      totals: (n, attempt, left) => {
        const pending = left.filter((v) => v.pending).length;
        return [lowerCounts(petitionId, (index + attempt) % shards, n - pending, pending)];
      },
    });
  },
  afterChunk: (petitionId) => Petition.forgetCount(petitionId),
  remaining: async (petitionId, beforeId) => {
    const { count, pending } = await Petition.counts(petitionId, true);
    return count + pending - (await countFrom(petitionId, beforeId));
  },
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
