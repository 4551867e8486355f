export * as Idempotency from "./index";

import { DeleteCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "../db/client";
import { Keys, expiresIn } from "../db/keys";

const KEEP_FOR_SECONDS = 7 * 24 * 3600;

/**
 * Runs `effect` at most once per (subscriber, event id) despite retries and duplicate deliveries.
 * A marker is claimed first; when the effect fails the marker is released so a retry can run it.
 */
export async function once(subscriber: string, eventId: string, effect: () => Promise<void>): Promise<"ran" | "skipped"> {
  const Key = Keys.effect(subscriber, eventId);
  try {
    await db().send(
      new PutCommand({
        TableName: table(),
        Item: { ...Key, type: "effect", at: new Date().toISOString(), expiresAt: expiresIn(KEEP_FOR_SECONDS) },
        ConditionExpression: "attribute_not_exists(pk)",
      }),
    );
  } catch (err) {
    if ((err as Error).name === "ConditionalCheckFailedException") return "skipped";
    throw err;
  }
  try {
    await effect();
    return "ran";
  } catch (err) {
    await db().send(new DeleteCommand({ TableName: table(), Key }));
    throw err;
  }
}
