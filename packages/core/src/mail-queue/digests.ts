import { DeleteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "../db/client";
import { isConditionFailure } from "../db/conditional";
import { Keys } from "../db/keys";
import { queryAll } from "../db/query";
import type { Queued } from "./lanes";
import { removeAll, scope } from "./queue";

/**
 * In a surge the administrators' per-signature notices become one digest per petition: when the
 * queue holds `ADMIN_NOTICE_DIGEST_THRESHOLD` notices of a petition at once, the drainer folds them
 * (and every later one while the digest is open) into a digest record, deleting the notices, and sends the digest `ADMIN_NOTICE_DIGEST_SECONDS` after it opened. Only the
 * drainer (one at a time, under its lease) writes digest records, so they are no hot key.
 * Their storage is here; their e-mail is the drain's (mail-drain/digest.ts).
 */
export interface Digest {
  petitionId: string;
  count: number;
  openedAt: number;
  firstAt: number;
  lastAt: number;
  /** a few of the signatures, named in the e-mail */
  sample: string[];
  version: number;
}

const SAMPLE = 10;

const digestKey = (petitionId: string) => Keys.mailDigest(scope(), petitionId);

export async function openDigests(): Promise<Map<string, Digest>> {
  const items = await queryAll({
    TableName: table(),
    KeyConditionExpression: "pk = :pk",
    ExpressionAttributeValues: { ":pk": Keys.mailDigestPartition(scope()) },
    ConsistentRead: true,
  });
  return new Map(items.map((i) => [String(i.sk), i as unknown as Digest]));
}

/**
 * Folds notice items of one petition into its digest: the digest's count is added to first (an ADD,
 * which commutes with the stream consumer's additions), then the items are deleted. A drainer that
 * dies between the two leaves items that the next one folds again: a digest may then overstate its
 * count, never lose a signature.
 */
export async function fold(petitionId: string, items: Queued[], now = Date.now()): Promise<Digest> {
  const times = items.map((q) => q.enqueuedAt);
  const signatureIds = items.flatMap((q) => q.deliveries.map((d) => d.ref.signatureId));
  const res = await db().send(
    new UpdateCommand({ ...digestAddition(petitionId, signatureIds, Math.min(...times), Math.max(...times), now), ReturnValues: "ALL_NEW" }),
  );
  await removeAll(items);
  return res.Attributes as unknown as Digest;
}

/**
 * The update that adds `signatureIds` (signed between `firstAt` and `lastAt`) to the petition's
 * digest, opening it if none is open: for a transaction of the stream consumer, which counts a
 * burst of one petition's signatures into the digest without queuing a notice for each
 * (signature/effects.ts). Adds, so it commutes with a drainer's fold and with other batches.
 */
export function digestAddition(petitionId: string, signatureIds: readonly string[], firstAt: number, lastAt: number, now = Date.now()) {
  return {
    TableName: table(),
    Key: digestKey(petitionId),
    UpdateExpression:
      "ADD #count :n, #version :one SET #type = :type, petitionId = :petition, openedAt = if_not_exists(openedAt, :now), firstAt = if_not_exists(firstAt, :first), lastAt = :last, #sample = if_not_exists(#sample, :sample)",
    ExpressionAttributeNames: { "#count": "count", "#type": "type", "#version": "version", "#sample": "sample" },
    ExpressionAttributeValues: {
      ":n": signatureIds.length,
      ":one": 1,
      ":type": "mailDigest",
      ":petition": petitionId,
      ":now": now,
      ":first": firstAt,
      ":last": lastAt,
      ":sample": signatureIds.slice(0, SAMPLE),
    },
  };
}

/** After its e-mail went: the digest removed, unless more was folded in meanwhile. */
export async function closeDigest(digest: Digest): Promise<void> {
  try {
    await db().send(
      new DeleteCommand({
        TableName: table(),
        Key: digestKey(digest.petitionId),
        ConditionExpression: "version = :v",
        ExpressionAttributeValues: { ":v": digest.version },
      }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    // more was added while it was sent: what was sent leaves the digest, the rest opens the next one
    const now = Date.now();
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: digestKey(digest.petitionId),
        UpdateExpression: "ADD #count :sent, #version :one SET openedAt = :now, firstAt = :now, #sample = :none",
        ConditionExpression: "attribute_exists(pk)",
        ExpressionAttributeNames: { "#count": "count", "#version": "version", "#sample": "sample" },
        ExpressionAttributeValues: { ":sent": -digest.count, ":one": 1, ":now": now, ":none": [] },
      }),
    );
  }
}
