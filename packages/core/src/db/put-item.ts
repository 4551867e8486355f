import { PutCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "./client";

/** An item as this table stores one of its kinds: its key, its `type`, then its own attributes. */
export const typedItem = <A extends object>(key: { pk: string; sk: string }, type: string, attributes: A) => ({ ...key, type, ...attributes });

/**
 * Puts one item (replacing any of its key), or with `onlyNew` only where no item has its key: a key
 * taken refuses it with ConditionalCheckFailedException (`putIf` in conditional.ts answers false instead).
 */
export async function putItem(item: object, { onlyNew = false } = {}): Promise<void> {
  await db().send(new PutCommand({ TableName: table(), Item: item, ...(onlyNew ? { ConditionExpression: "attribute_not_exists(pk)" } : {}) }));
}
