export * as Newsletter from "./index";

import { PutCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";

export interface Subscription {
  email: string;
  name: string;
  consentAt: string;
  /** Where the visitor gave consent, e.g. "petition:timeshare-reform". */
  source: string;
}

/**
 * Records a consented subscription. Re-subscribing keeps the first consent time and source, so the
 * call is idempotent.
 */
export async function subscribe(sub: Subscription): Promise<void> {
  const email = sub.email.trim().toLowerCase();
  try {
    await db().send(
      new PutCommand({
        TableName: table(),
        Item: { ...Keys.newsletter(email), ...Keys.newsletterList(sub.consentAt, email), type: "newsletter", ...sub, email },
        ConditionExpression: "attribute_not_exists(pk)",
      }),
    );
  } catch (err) {
    if ((err as Error).name !== "ConditionalCheckFailedException") throw err;
  }
}
