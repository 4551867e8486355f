import { DeleteCommand, GetCommand } from "@aws-sdk/lib-dynamodb";
import { randomUUID } from "node:crypto";
import { db, table } from "../db/client";
import { isConditionFailure, putIf, updateIf } from "../db/conditional";
import { Keys } from "../db/keys";
import { scope } from "../mail/budget";

const leaseKey = () => Keys.mailQueueLease(scope());

/** A write to the lease that holds only while `token` still holds it. */
const heldBy = (token: string, values: Record<string, unknown> = {}) => ({
  Key: leaseKey(),
  ConditionExpression: "#token = :token",
  ExpressionAttributeNames: { "#token": "token" },
  ExpressionAttributeValues: { ...values, ":token": token },
});

/**
 * The drainer's lease: taken when free or expired, renewed by its holder, given back by token.
 * Answers the token, or undefined when another drainer holds it. One read first, so processes that
 * find it held (every enqueuer of a surge nudges) do not each write a refused condition.
 */
export async function takeLease(ms: number, now = Date.now()): Promise<string | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: leaseKey(), ConsistentRead: true }));
  if (Item && Number(Item.lockedUntil) >= now) return undefined;
  const token = randomUUID();
  const taken = await putIf({
    Item: { ...leaseKey(), type: "mailQueueLease", token, lockedUntil: now + ms },
    ConditionExpression: "attribute_not_exists(pk) OR lockedUntil < :now",
    ExpressionAttributeValues: { ":now": now },
  });
  return taken ? token : undefined;
}

export async function renewLease(token: string, ms: number): Promise<boolean> {
  return updateIf({ ...heldBy(token, { ":until": Date.now() + ms }), UpdateExpression: "SET lockedUntil = :until" });
}

export async function releaseLease(token: string): Promise<void> {
  try {
    await db().send(new DeleteCommand({ TableName: table(), ...heldBy(token) }));
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}
