import { DeleteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "../db/client";
import { updateIf } from "../db/conditional";
import { Keys } from "../db/keys";
import { queryAll } from "../db/query";
import { deleteChunkSize } from "../collection/delete-all";
import { checkScope, deleteChunk, type Progress } from "./deletion";
import { batchWrite } from "../db/batch";
import { pool } from "../util/pool";
import { layout } from "./index-item";
import { geoShardKeys } from "./geo-counts";
import { assertPossibleId, counts, counterShards, forgetCount, PetitionNotFound } from "../petition";

/** Every key under a partition key. */
async function keysOf(pk: string): Promise<{ pk: string; sk: string }[]> {
  const items = await queryAll({
    TableName: table(),
    KeyConditionExpression: "pk = :pk",
    ExpressionAttributeValues: { ":pk": pk },
    ProjectionExpression: "pk, sk",
    ConsistentRead: true,
  });
  return items.map((item) => ({ pk: item.pk as string, sk: item.sk as string }));
}

async function deleteKeys(keys: { pk: string; sk: string }[]) {
  const batches: Record<string, unknown>[][] = [];
  for (let i = 0; i < keys.length; i += 25) batches.push(keys.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } })));
  await pool(batches, 8, (b) => batchWrite(b));
}

/** A new deletion needs the petition (checked before its operation is recorded). */
export const checkExists = (id: string) => checkScope({ petitionId: id });

/**
 * Marks every counter shard `deleting` (a shard is the signing transaction's open/closed check), so
 * no signature lands after this; shards are only added while the petition is not `deleting`.
 */
async function closeShards(id: string): Promise<void> {
  const shards = await counterShards(id);
  await pool(
    Array.from({ length: shards }, (_, n) => n),
    8,
    async (n) => {
      await db()
        .send(
          new UpdateCommand({
            TableName: table(),
            Key: Keys.counterShard(id, n),
            UpdateExpression: "SET deleting = :yes",
            ConditionExpression: "attribute_exists(pk)",
            ExpressionAttributeValues: { ":yes": true },
          }),
        )
        .catch((err: Error) => {
          if (err.name !== "ConditionalCheckFailedException") throw err;
        });
    },
  );
}

/**
 * Deletes a petition a chunk per call, as the audited operation `operation` (its first call has
 * `continued` false). The first call marks it and its counter shards `deleting` (the signing
 * transaction then refuses new signers, as for an unknown petition); each call deletes up to DELETE_CHUNK
 * signatures with their e-mail guards and index items (counts kept exact); once none is left, the
 * counter shards and the counts by place, any stray item of its index partitions, and finally the
 * petition itself. Nothing
 * with the petition's keys is left.
 */
export async function remove(id: string, operation: { id: string; continued: boolean }): Promise<Progress> {
  assertPossibleId(id);
  const marked = await updateIf({
    Key: Keys.petition(id),
    UpdateExpression: "SET deleting = if_not_exists(deleting, :op)",
    ConditionExpression: "attribute_exists(pk)",
    ExpressionAttributeValues: { ":op": operation.id },
  });
  if (!marked) {
    // already gone: a repeated last call finishes quietly, a first call is a 404
    if (!operation.continued) throw new PetitionNotFound();
    return { deleted: 0, remaining: 0, done: true };
  }
  await closeShards(id);
  const chunk = deleteChunkSize();
  const deleted = await deleteChunk(id, chunk);
  const remaining = deleted < chunk ? 0 : await counts(id, true).then((c) => c.count + c.pending);
  if (deleted === chunk && remaining > 0) return { deleted, remaining, done: false };
  // No signature left: the index partitions' strays, the counter shards, the counts by place, then META.
  const leftovers = (await Promise.all(layout.partitions(id).map(keysOf))).flat();
  // Rows left after a chunk that deleted signatures wait for the next call; rows a chunk could not
  // delete anything for have no signature (strays) and go with the shards.
  if (leftovers.length && deleted > 0) return { deleted, remaining: leftovers.length, done: false };
  const shards = Array.from({ length: await counterShards(id) }, (_, n) => Keys.counterShard(id, n));
  await deleteKeys([...leftovers, ...shards, ...(await geoShardKeys(id))]);
  await db().send(new DeleteCommand({ TableName: table(), Key: Keys.petition(id) }));
  forgetCount(id);
  return { deleted, remaining: 0, done: true };
}
