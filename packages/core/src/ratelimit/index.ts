export * as RateLimit from "./index";

import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { VisibleError } from "../util/error";

export class TooManyAttempts extends VisibleError {
  constructor() {
    super(429, "rate.limited", "Too many attempts. Please wait a minute and try again.");
  }
}

/**
 * A fixed one-minute window per subject, counted atomically in DynamoDB so every Lambda instance
 * shares it; the window item expires through the table's TTL.
 */
export async function consume(scope: string, subject: string, perMinute: number): Promise<void> {
  const windowStart = Math.floor(Date.now() / 60_000) * 60;
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: Keys.rateWindow(scope, subject, windowStart),
        UpdateExpression: "ADD hits :one SET expiresAt = :exp",
        ConditionExpression: "attribute_not_exists(hits) OR hits < :limit",
        ExpressionAttributeValues: { ":one": 1, ":limit": perMinute, ":exp": windowStart + 120 },
      }),
    );
  } catch (err) {
    if ((err as Error).name === "ConditionalCheckFailedException") throw new TooManyAttempts();
    throw err;
  }
}
