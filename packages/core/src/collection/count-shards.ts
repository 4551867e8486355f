import { settings } from "../config";
import { table } from "../db/client";

/**
 * A collection part's count kept in COUNTER_SHARDS shards (as a petition's), changed in the same
 * transaction as the record and its index item: the transaction items that do it.
 */

/** A random count shard: concurrent writes rarely contend for one (a conflict is retried on another draw). */
export const randomShard = () => Math.floor(Math.random() * settings().COUNTER_SHARDS);

/** ADD `n` (negative to subtract) to the count shard at `key`, an item of `type`. */
export function countShardUpdate(key: { pk: string; sk: string }, type: string, n: number) {
  return {
    Update: {
      TableName: table(),
      Key: key,
      UpdateExpression: "ADD #count :n SET #type = :type",
      ExpressionAttributeNames: { "#count": "count", "#type": "type" },
      ExpressionAttributeValues: { ":n": n, ":type": type },
    },
  };
}

type CountUpdate = ReturnType<typeof countShardUpdate>;

/** What a new record's transaction writes for the admin list beside the record: its index item, and +1 on a count shard. */
export const indexCreation = (item: Record<string, unknown>, count: CountUpdate) => [{ Put: { TableName: table(), Item: item } }, count];

/** What a record's removal deletes and changes beside the record: its index item, and -1 on a count shard. */
export const indexRemoval = (key: { pk: string; sk: string }, count: CountUpdate) => [{ Delete: { TableName: table(), Key: key } }, count];
