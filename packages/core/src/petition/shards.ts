import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { getMany } from "../db/batch";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { transactIf } from "../db/transact-if";

/**
 * A petition's signature counter, spread over counter shards (`PETITION_COUNTER_SHARDS` of them when
 * it was created, more once the setting is raised): how many it has, adding more, and their sums.
 */

/** A counter shard as created: zero, open. */
export const shardItem = (id: string, shard: number) => ({ ...Keys.counterShard(id, shard), type: "counterShard", count: 0 });

/** Counter shards per petition as this process last read them (they are only ever added). */
const shardCounts = new Map<string, number>();

/** A petition this process created has `n` counter shards. */
export const rememberShards = (id: string, n: number) => void shardCounts.set(id, n);

/** Read the petition's counter shards afresh next time. */
export const forgetShards = (id: string) => void shardCounts.delete(id);

/** How many counter shards the petition has (its META's `counterShards`), cached for the process. */
export async function counterShards(id: string): Promise<number> {
  const known = shardCounts.get(id);
  if (known !== undefined) return known;
  const res = await db().send(new GetCommand({ TableName: table(), Key: Keys.petition(id), ProjectionExpression: "counterShards" }));
  const n = Number(res.Item?.counterShards ?? 0);
  if (n > 0) shardCounts.set(id, n);
  return n;
}

/**
 * Adds counter shards up to `wanted` (a raised PETITION_COUNTER_SHARDS), unless the petition is gone
 * or being deleted: the petition's `counterShards` is raised first, in one transaction with the new
 * shards, so every reader that sees the number reads them too. Answers false for a petition that
 * takes no signatures.
 */
export async function ensureCounterShards(id: string, wanted: number): Promise<boolean> {
  const res = await db().send(
    new GetCommand({ TableName: table(), Key: Keys.petition(id), ProjectionExpression: "counterShards, deleting", ConsistentRead: true }),
  );
  if (!res.Item || res.Item.deleting) return false;
  const have = Number(res.Item.counterShards ?? 0);
  if (have >= wanted) {
    shardCounts.set(id, have);
    return true;
  }
  const added = await transactIf(
    [
      {
        Update: {
          Key: Keys.petition(id),
          UpdateExpression: "SET counterShards = :n",
          ConditionExpression: "attribute_exists(pk) AND attribute_not_exists(deleting) AND (attribute_not_exists(counterShards) OR counterShards = :have)",
          ExpressionAttributeValues: { ":n": wanted, ":have": have },
        },
      },
      ...Array.from({ length: wanted - have }, (_, i) => ({ Put: { Item: shardItem(id, have + i), ConditionExpression: "attribute_not_exists(pk)" } })),
    ],
    // another process added them first (or the petition went): read again
    (reasons) => reasons.includes("ConditionalCheckFailed") || reasons.includes("TransactionConflict"),
  );
  if (!added) {
    shardCounts.delete(id);
    return ensureCounterShards(id, wanted);
  }
  shardCounts.set(id, wanted);
  return true;
}

/** The signature count is the sum of the petition's counter shards (one BatchGet). */
export async function count(id: string, consistent = false): Promise<number> {
  return (await counts(id, consistent)).count;
}

/**
 * The counted signatures (`count`: the confirmed ones on a petition that verifies signatures, else
 * all) and those waiting for their confirmation (`pending`), each the sum of the counter shards'
 * attribute of that name: one BatchGet of the same small items.
 */
export async function counts(id: string, consistent = false): Promise<{ count: number; pending: number }> {
  const n = await counterShards(id);
  if (n === 0) return { count: 0, pending: 0 };
  const shards = await getMany(
    Array.from({ length: n }, (_, shard) => Keys.counterShard(id, shard)),
    { consistent, projection: "#c, #p", names: { "#c": "count", "#p": "pending" } },
  );
  return {
    count: shards.reduce((total, shard) => total + Number(shard.count ?? 0), 0),
    pending: shards.reduce((total, shard) => total + Number(shard.pending ?? 0), 0),
  };
}
