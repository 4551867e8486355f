export * as SignatureDeletion from "./deletion";

import { GetCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { z } from "zod";
import {
  CONFIRM_MESSAGE,
  CONFIRM_WORD,
  deleteAll as deleteAllOf,
  deleteAllInput,
  deleteChunk as deleteChunkOf,
  deleteChunkSize,
  deleteInTransaction,
  type ChunkedDeleteDef,
  type Progress,
} from "../collection/delete-all";
import { getMany } from "../db/batch";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { Petition, PetitionNotFound } from "../petition";
import { SignatureNotFound, assertPossibleId, guardMailbox, writeWithRetries } from "./index";
import { indexKey } from "./index-item";
import { tallyWrites, type GeoTally } from "./geo-counts";
import * as Index from "./index-partitions";
import { petitionIds } from "./listing";

export { CONFIRM_MESSAGE, CONFIRM_WORD, type Progress };

/** Signatures per deletion transaction: 3 deletes each, the counter update and up to 4 updates of the counts by place stay under 100 items. */
const PER_TRANSACTION = 31;

export const DeleteAllInput = deleteAllInput({ petitionId: z.string().trim().min(1).max(100).optional() });
export type DeleteAllInput = z.input<typeof DeleteAllInput>;

/** The petition must exist: an item of a transaction that changes its signatures (a deleted petition took them with it). */
export const petitionExists = (petitionId: string) => ({
  ConditionCheck: { TableName: table(), Key: Keys.petition(petitionId), ConditionExpression: "attribute_exists(pk)" },
});

/** The record changed between the read and the deletion (confirmed or counted meanwhile): read it again. */
class Changed extends Error {}

/** What a deletion needs from a signature: its guard's mailbox ("" once anonymised), whether it awaits confirmation, what it added by place. */
interface Counted {
  mailbox: string;
  pending: boolean;
  geo?: GeoTally;
}

/** `Counted` from a stored signature item (or its index row and BatchGet projection). */
const countedOf = (item: { email?: string; emailGuardKey?: string; status?: string; geo?: GeoTally }): Counted => ({
  mailbox: item.email ? guardMailbox({ email: item.email, status: item.status, emailGuardKey: item.emailGuardKey }) : "",
  pending: item.status === "pending",
  geo: item.geo,
});

/** What a deletion needs from a signature's item, read consistently; undefined when it is gone. */
async function stored(petitionId: string, signatureId: string): Promise<Counted | undefined> {
  const res = await db().send(
    new GetCommand({
      TableName: table(),
      Key: Keys.signature(petitionId, signatureId),
      ProjectionExpression: "email, emailGuardKey, #status, #geo",
      ExpressionAttributeNames: { "#status": "status", "#geo": "geo" },
      ConsistentRead: true,
    }),
  );
  return res.Item ? countedOf(res.Item as Parameters<typeof countedOf>[0]) : undefined;
}

/**
 * The signature's own delete, on condition that it exists as it was read: a pending one still pending
 * (else it was confirmed meanwhile and counts in `count`), and counted by place as read (`geo` is
 * written once, when the signature is counted), so every counter loses exactly what it added.
 */
function deleteSignature(petitionId: string, signatureId: string, c: Pick<Counted, "pending" | "geo">) {
  const status = c.pending ? "#status = :pending" : "(attribute_not_exists(#status) OR #status <> :pending)";
  const place = c.geo ? "attribute_exists(#geo)" : "attribute_not_exists(#geo)";
  return {
    Delete: {
      TableName: table(),
      Key: Keys.signature(petitionId, signatureId),
      ConditionExpression: `attribute_exists(pk) AND ${status} AND ${place}`,
      ExpressionAttributeNames: { "#status": "status", "#geo": "geo" },
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

const MAX_CHANGED_RETRIES = 3;

/**
 * Deletes one signature in one transaction: the signature (which must exist as read), its e-mail
 * guard (under the mailbox it was written with), its index item, one counter shard's `count` (or
 * `pending`, for a signature awaiting confirmation) decremented, the petition checked to exist, then
 * its counts by place subtracted on the same shard. Answers the count.
 */
export async function remove(petitionId: string, signatureId: string): Promise<{ signatureCount: number }> {
  assertPossibleId(petitionId, signatureId);
  const shards = Math.max(1, await Petition.counterShards(petitionId));
  for (let attempt = 0; ; attempt++) {
    const found = await stored(petitionId, signatureId);
    if (!found) throw new SignatureNotFound();
    const guard = found.mailbox ? [{ Delete: { TableName: table(), Key: Keys.emailGuard(petitionId, found.mailbox) } }] : [];
    const petitionAt = 3 + guard.length;
    try {
      await writeWithRetries(
        (shard) =>
          new TransactWriteCommand({
            TransactItems: [
              deleteSignature(petitionId, signatureId, found),
              // an anonymised signature's guard is already gone (its e-mail is blank)
              ...guard,
              { Delete: { TableName: table(), Key: indexKey(petitionId, signatureId) } },
              lowerCounts(petitionId, shard, found.pending ? 0 : 1, found.pending ? 1 : 0),
              petitionExists(petitionId),
              ...tallyWrites(petitionId, found.geo ? [found.geo] : [], -1, shard),
            ],
          }),
        async (reasons) => {
          if (reasons[0] === "ConditionalCheckFailed") throw attempt < MAX_CHANGED_RETRIES ? new Changed() : new SignatureNotFound();
          if (reasons[petitionAt] === "ConditionalCheckFailed") throw new PetitionNotFound();
        },
        shards,
      );
      break;
    } catch (err) {
      if (!(err instanceof Changed)) throw err;
    }
  }
  Petition.forgetCount(petitionId);
  return { signatureCount: await Petition.count(petitionId, true) };
}

interface Victim extends Counted {
  id: string;
}

/**
 * Up to `limit` signatures of the petition with an id below `beforeId` (all when omitted), oldest
 * first: from the admin index rows (which hold the e-mail), a page of each partition at a time.
 */
async function victims(petitionId: string, limit: number, beforeId?: string): Promise<Victim[]> {
  const rows = await Index.oldest(petitionId, limit, beforeId);
  return rows.map((row) => ({ id: row.id, ...countedOf(row) }));
}

/** Signatures of the petition signed at or after the operation began (ids ≥ `fromId`). */
function countFrom(petitionId: string, fromId: string): Promise<number> {
  return Index.countFrom(petitionId, fromId);
}

/** The signatures of `victims` that still exist, each with its status and what it added to the counts by place (one consistent BatchGet per 100). */
async function withPlaces(petitionId: string, victims: readonly Victim[]): Promise<Victim[]> {
  const items = await getMany(
    victims.map((v) => Keys.signature(petitionId, v.id)),
    { consistent: true, projection: "#id, #geo, #status", names: { "#id": "id", "#geo": "geo", "#status": "status" } },
  );
  const now = new Map(items.map((item) => [String(item.id), item]));
  return victims
    .filter((v) => now.has(v.id))
    .map((v) => ({ ...v, pending: now.get(v.id)!.status === "pending", geo: now.get(v.id)!.geo as GeoTally | undefined }));
}

/**
 * Deletes a group of one petition's signatures in one transaction (with their companions, one counter
 * shard decremented by the number deleted and their counts by place subtracted on it). A signature
 * counted by place between the read and the deletion is read again and deleted in another round.
 */
async function deleteGroup(petitionId: string, group: Victim[], index: number): Promise<number> {
  const shards = Math.max(1, await Petition.counterShards(petitionId));
  let deleted = 0;
  let left = group;
  for (let round = 0; left.length && round <= MAX_CHANGED_RETRIES; round++) {
    const present = await withPlaces(petitionId, left);
    if (!present.length) break;
    const n = await deleteInTransaction(present, {
      record: (v) => deleteSignature(petitionId, v.id, v),
      companions: (v) => [
        // an anonymised signature has no e-mail, and its guard went with it (two such would name one item)
        ...(v.mailbox ? [{ Delete: { TableName: table(), Key: Keys.emailGuard(petitionId, v.mailbox) } }] : []),
        { Delete: { TableName: table(), Key: indexKey(petitionId, v.id) } },
      ],
      totals: (count, attempt, left) => {
        const shard = (index + attempt) % shards;
        const pending = left.filter((v) => v.pending).length;
        return [
          lowerCounts(petitionId, shard, count - pending, pending),
          ...tallyWrites(
            petitionId,
            left.flatMap((v) => (v.geo ? [v.geo] : [])),
            -1,
            shard,
          ),
        ];
      },
    });
    deleted += n;
    // every one deleted, or some left out (gone, or counted meanwhile): the next round reads those again
    left = n === present.length ? [] : present;
  }
  return deleted;
}

/**
 * Signatures as a chunked deletion (collection/delete-all.ts): each signature with its e-mail guard
 * and index item, in transactions of 31 that each decrement a counter shard by exactly the number
 * they deleted and subtract their counts by place; the cached count is forgotten after each chunk.
 */
const chunked: ChunkedDeleteDef<Victim> = {
  groupSize: PER_TRANSACTION,
  parts: (petitionId) => (petitionId ? [petitionId] : petitionIds()),
  victims,
  deleteGroup,
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
export function deleteChunk(petitionId: string, limit = deleteChunkSize(), beforeId?: string): Promise<number> {
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
