import { DeleteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "../db/client";
import { INDEX_BUCKETS, Keys } from "../db/keys";
import { queryAll } from "../db/query";
import { CHUNK, checkScope, deleteChunk, type Progress } from "../signature/deletion";
import { batchWrite } from "../db/batch";
import { pool } from "../util/pool";
import { assertPossibleId, count, PetitionNotFound } from "./index";

/** Every key under a partition key (optionally a sort-key prefix), excluding `META`. */
async function keysOf(pk: string): Promise<{ pk: string; sk: string }[]> {
  const items = await queryAll({
    TableName: table(),
    KeyConditionExpression: "pk = :pk",
    ExpressionAttributeValues: { ":pk": pk },
    ProjectionExpression: "pk, sk",
    ConsistentRead: true,
  });
  return items.filter((item) => item.sk !== "META").map((item) => ({ pk: item.pk as string, sk: item.sk as string }));
}

async function deleteKeys(keys: { pk: string; sk: string }[]) {
  const batches: Record<string, unknown>[][] = [];
  for (let i = 0; i < keys.length; i += 25) batches.push(keys.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } })));
  await pool(batches, 8, (b) => batchWrite(b));
}

/** A new deletion needs the petition (checked before its operation is recorded). */
export const checkExists = (id: string) => checkScope({ petitionId: id });

/**
 * Deletes a petition a chunk per call, as the audited operation `operation` (its first call has
 * `continued` false). The first call marks it `deleting` (the signing transaction then refuses new
 * signers, as for an unknown petition); each call deletes up to CHUNK signatures with their e-mail
 * guards and index items (counts kept exact); once none is left, the counter shards, any stray item
 * of the collection and of its index partitions, and finally the petition itself. Nothing with the
 * petition's keys is left.
 */
export async function remove(id: string, operation: { id: string; continued: boolean }): Promise<Progress> {
  assertPossibleId(id);
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: Keys.petition(id),
        UpdateExpression: "SET deleting = if_not_exists(deleting, :op)",
        ConditionExpression: "attribute_exists(pk)",
        ExpressionAttributeValues: { ":op": operation.id },
      }),
    );
  } catch (err) {
    if ((err as Error).name !== "ConditionalCheckFailedException") throw err;
    // already gone: a repeated last call finishes quietly, a first call is a 404
    if (!operation.continued) throw new PetitionNotFound();
    return { deleted: 0, remaining: 0, done: true };
  }
  const deleted = await deleteChunk(id, CHUNK);
  const remaining = deleted < CHUNK ? 0 : await count(id, true);
  if (deleted === CHUNK && remaining > 0) return { deleted, remaining, done: false };
  // No signature left: the rest of the collection (shards, stray guards), the index partitions, then META.
  const partitions = [Keys.petition(id).pk, ...Array.from({ length: INDEX_BUCKETS }, (_, b) => Keys.signatureIndexPartition(id, b))];
  const leftovers = (await Promise.all(partitions.map(keysOf))).flat();
  // a signature found here (impossible once `deleting` is set, unless counts drifted) waits for the next call
  if (leftovers.some((k) => k.sk.startsWith(Keys.signaturePrefix))) return { deleted, remaining: 1, done: false };
  await deleteKeys(leftovers);
  await db().send(new DeleteCommand({ TableName: table(), Key: Keys.petition(id) }));
  return { deleted, remaining: 0, done: true };
}
