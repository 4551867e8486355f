import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "./client";

/**
 * ADDs `n` to the `asked` count of a counter item (one per source and hour, say) and answers the new
 * total. The ADD is unconditional, so each writer gets its own range of the count: however many race,
 * an allowance compared with the total admits exactly that many. `item` is the item's other
 * attributes (its `type`, its `expiresAt`, kept from the first write; anything else is set each time).
 */
export async function addToCount(key: Record<string, string>, n: number, item: { type: string; expiresAt: number } & Record<string, unknown>): Promise<number> {
  const { expiresAt, ...set } = item;
  const names = Object.keys(set);
  const res = await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: key,
      UpdateExpression: `ADD asked :n SET ${names.map((name) => `#${name} = :${name}`).join(", ")}, expiresAt = if_not_exists(expiresAt, :expiresAt)`,
      ExpressionAttributeNames: Object.fromEntries(names.map((name) => [`#${name}`, name])),
      ExpressionAttributeValues: { ":n": n, ":expiresAt": expiresAt, ...Object.fromEntries(names.map((name) => [`:${name}`, set[name]])) },
      ReturnValues: "UPDATED_NEW",
    }),
  );
  return Number(res.Attributes?.asked ?? n);
}
