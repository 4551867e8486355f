import { DeleteCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "../db/client";
import { recordsOf } from "../db/person-index";
import { queryPages } from "../db/query";
import type { RetentionStep, TimeBudget } from "../policy/personal-record";
import { PART, indexKey, layout } from "./index-item";
import { mutate } from "./store";
import { isExpired, read } from "./subscriber";

/**
 * The subscribers' part of the daily retention job (privacy/retention-job.ts): unconfirmed
 * subscribers past their TTL (UNCONFIRMED_SUBSCRIBER_DAYS after their latest consent) are removed
 * through the subscribers' one write path (store.ts), with their index row, and their expired
 * confirmation tokens: DynamoDB deletes by TTL lazily (DynamoDB Local never).
 */

/**
 * Removes one subscriber past its TTL at `now`: through the subscribers' write path (which sees an
 * expired subscriber as none, so "none" here means delete what is stored, conditional on the
 * revision it read), then its expired confirmation tokens. A subscriber who consented again
 * meanwhile is not expired any more and is kept. Answers what it removed.
 */
async function removeExpiredSubscriber(id: string, now: Date): Promise<{ subscriber: boolean; tokens: number }> {
  const asOf = Math.floor(now.getTime() / 1000);
  const stored = await read(id);
  if (!stored) {
    // The subscriber item went by TTL but its index row not yet: the row (which holds the address) goes too.
    try {
      await db().send(
        new DeleteCommand({ TableName: table(), Key: indexKey(id), ConditionExpression: "expiresAt <= :asOf", ExpressionAttributeValues: { ":asOf": asOf } }),
      );
      return { subscriber: false, tokens: 0 };
    } catch (err) {
      if ((err as Error).name === "ConditionalCheckFailedException") return { subscriber: false, tokens: 0 };
      throw err;
    }
  }
  if (!isExpired(stored, now.getTime())) return { subscriber: false, tokens: 0 };
  const subscriber = await mutate<boolean>(id, (current) => (current ? { result: false } : { next: null, result: true }));
  if (!subscriber) return { subscriber, tokens: 0 };
  let tokens = 0;
  for (const record of await recordsOf(id, "newsletterToken")) {
    try {
      await db().send(
        new DeleteCommand({
          TableName: table(),
          Key: { pk: record.pk, sk: record.sk },
          ConditionExpression: "attribute_exists(pk) AND expiresAt <= :asOf",
          ExpressionAttributeValues: { ":asOf": asOf },
        }),
      );
      tokens++;
    } catch (err) {
      if ((err as Error).name !== "ConditionalCheckFailedException") throw err;
    }
  }
  return { subscriber, tokens };
}

/**
 * The unconfirmed subscribers past their TTL at `now`, found by their index rows (never a scan; a
 * page of one partition at a time, so memory stays flat however many subscribers there are), removed.
 */
async function removeExpiredSubscribers(now: Date, time: TimeBudget): Promise<{ subscribers: number; tokens: number }> {
  const asOf = Math.floor(now.getTime() / 1000);
  let removed = 0;
  let tokens = 0;
  for (const partition of layout.partitions(PART)) {
    const pages = queryPages({
      TableName: table(),
      KeyConditionExpression: "pk = :pk",
      FilterExpression: "expiresAt <= :asOf",
      ExpressionAttributeValues: { ":pk": partition, ":asOf": asOf },
      ProjectionExpression: "sk",
      ConsistentRead: true,
    });
    for await (const page of pages) {
      // one at a time: each removal reads the subscriber and writes a transaction (newsletter/store.ts)
      for (const item of page.Items ?? []) {
        if (time.over()) return { subscribers: removed, tokens };
        const done = await removeExpiredSubscriber(String(item.sk), now);
        if (done.subscriber) removed++;
        tokens += done.tokens;
      }
    }
  }
  return { subscribers: removed, tokens };
}

/** The retention job's step: removes the unconfirmed subscribers past their TTL at `now`. */
export async function retentionStep(now: Date, time: TimeBudget): Promise<RetentionStep> {
  const { subscribers: subscribersRemoved, tokens } = await removeExpiredSubscribers(now, time);
  return { counts: { subscribersRemoved, confirmationTokensDeleted: tokens }, tabs: [] };
}
