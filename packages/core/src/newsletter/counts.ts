import { UpdateCommand, type UpdateCommandInput } from "@aws-sdk/lib-dynamodb";
import { db, table } from "../db/client";
import { batchWrite, BATCH } from "../db/batch";
import { Keys, NEWSLETTER_COUNT_SHARDS } from "../db/keys";
import { queryAll, queryPages } from "../db/query";
import { PART, decodeRow, layout, toRow } from "./index-item";
import type { SubscriberRow } from "./record";
import { SOURCE_GROUPS, sourceGroupsOf, type SourceGroup } from "./sources";
import { STATUSES, type Status, type Subscriber } from "./subscriber";
import type { TransactItem } from "../db/transact";

/** The subscribers counted by status and by source group. */
export interface Counts {
  /** every subscriber that has not expired */
  total: number;
  byStatus: Record<Status, number>;
  /** subscribers with at least one consent of the kind (one with several kinds counts in each) */
  bySource: Record<SourceGroup, number>;
}

/**
 * The subscribers' count cards, kept with the writes: every change of a subscriber's existence,
 * status or sources adds its difference to a random one of NEWSLETTER_COUNT_SHARDS counter shards in
 * the change's own transaction (store.ts), and the cards sum the shards (16 queries, never a row).
 *
 * A subscriber with an expiry (unconfirmed) is counted under the UTC hour it expires in, the others
 * under `TOTAL`; the cards read `TOTAL` and the hours from the current one on. So an unconfirmed
 * subscriber leaves the counts by time alone, at the end of its expiry hour (the list leaves it out
 * from its expiry on: the cards may count it up to an hour longer), whether the retention job or
 * DynamoDB's TTL deletes it, and neither needs to touch a counter. A change to a subscriber whose
 * hour has passed writes nothing for it: that hour is never read again.
 */

const TOTAL = "total";
const statusField = (status: Status) => `status#${status}`;
const sourceField = (kind: SourceGroup) => `source#${kind}`;

type Counted = Pick<SubscriberRow, "status" | "sources" | "expiresAt">;

/** The UTC hour of a time in epoch seconds: `2026-11-26T14`. */
const hourOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 13);
const currentHour = (now: number) => hourOf(Math.floor(now / 1000));

/** The counter a subscriber is counted in: its expiry hour, or "" for `TOTAL`. */
const bucketOf = (row: Counted) => (Number(row.expiresAt) > 0 ? hourOf(Number(row.expiresAt)) : "");

/** bucket → counter field → difference */
type Deltas = Map<string, Map<string, number>>;

function count(deltas: Deltas, row: Counted, sign: 1 | -1) {
  const bucket = bucketOf(row);
  const fields = deltas.get(bucket) ?? new Map<string, number>();
  for (const field of [TOTAL, statusField(row.status), ...sourceGroupsOf(row.sources).map(sourceField)]) fields.set(field, (fields.get(field) ?? 0) + sign);
  deltas.set(bucket, fields);
}

/** Kept for a day after its hour, then removed by TTL: nothing reads it any more. */
const bucketExpiry = (hour: string) => Date.parse(`${hour}:00:00Z`) / 1000 + 3600 + 86_400;

function updates(deltas: Deltas, shard: number, now: number): TransactItem[] {
  const from = currentHour(now);
  const items: TransactItem[] = [];
  for (const [bucket, fields] of deltas) {
    if (bucket && bucket < from) continue;
    const changed = [...fields].filter(([, delta]) => delta !== 0);
    if (!changed.length) continue;
    items.push({
      Update: {
        TableName: table(),
        Key: Keys.newsletterCount(shard, bucket || undefined),
        UpdateExpression: `ADD ${changed.map((_, i) => `#f${i} :d${i}`).join(", ")} SET #type = :type${bucket ? ", expiresAt = :exp" : ""}`,
        ExpressionAttributeNames: { "#type": "type", ...Object.fromEntries(changed.map(([field], i) => [`#f${i}`, field])) },
        ExpressionAttributeValues: {
          ":type": "newsletterMeta",
          ...Object.fromEntries(changed.map(([, delta], i) => [`:d${i}`, delta])),
          ...(bucket ? { ":exp": bucketExpiry(bucket) } : {}),
        },
      },
    });
  }
  return items;
}

/** The counter updates of one subscriber write, from the stored subscriber (expired or not) to the next (null: deleted). */
export function counterWrites(before: Subscriber | undefined, after: Subscriber | null, now = Date.now()): TransactItem[] {
  const deltas: Deltas = new Map();
  if (before) count(deltas, toRow(before), -1);
  if (after) count(deltas, toRow(after), 1);
  return updates(deltas, Math.floor(Math.random() * NEWSLETTER_COUNT_SHARDS), now);
}

const shards = () => Array.from({ length: NEWSLETTER_COUNT_SHARDS }, (_, shard) => Keys.newsletterCountPartition(shard));

/** The count cards at `now`: the shards' `TOTAL` and the expiry hours from the current one on. */
export async function readCounts(now = Date.now()): Promise<Counts> {
  const from = Keys.newsletterCountsFrom(currentHour(now));
  const items = (
    await Promise.all(
      shards().map((pk) =>
        queryAll({
          TableName: table(),
          KeyConditionExpression: "pk = :pk AND sk >= :from",
          ExpressionAttributeValues: { ":pk": pk, ":from": from },
          ConsistentRead: true,
        }),
      ),
    )
  ).flat();
  const sum = (field: string) => items.reduce((n, item) => n + (Number(item[field]) || 0), 0);
  return {
    total: sum(TOTAL),
    byStatus: Object.fromEntries(STATUSES.map((s) => [s, sum(statusField(s))])) as Record<Status, number>,
    bySource: Object.fromEntries(SOURCE_GROUPS.map((k) => [k, sum(sourceField(k))])) as Record<SourceGroup, number>,
  };
}

/**
 * Sets the counters from the index rows, read a page at a time (`npm run job:count-backfill`): once
 * for a table from before the counters, or to repair them. Subscriber writes meanwhile may be lost
 * from the counts: run it while the list is quiet. Answers how many subscribers it counted.
 */
export async function recount(now = Date.now()): Promise<number> {
  const deltas: Deltas = new Map();
  const from = currentHour(now);
  let counted = 0;
  for (const partition of layout.partitions(PART)) {
    const pages = queryPages({
      TableName: table(),
      KeyConditionExpression: "pk = :pk",
      ExpressionAttributeValues: { ":pk": partition },
      ProjectionExpression: "sk, r",
      ConsistentRead: true,
    });
    for await (const page of pages) {
      for (const item of page.Items ?? []) {
        const row = decodeRow(PART, String(item.sk), String(item.r));
        const bucket = bucketOf(row);
        if (bucket && bucket < from) continue;
        count(deltas, row, 1);
        counted++;
      }
    }
  }
  const stale = (
    await Promise.all(
      shards().map((pk) =>
        queryAll({ TableName: table(), KeyConditionExpression: "pk = :pk", ExpressionAttributeValues: { ":pk": pk }, ProjectionExpression: "pk, sk" }),
      ),
    )
  ).flat();
  for (let i = 0; i < stale.length; i += BATCH) await batchWrite(stale.slice(i, i + BATCH).map((Key) => ({ DeleteRequest: { Key } })));
  // the counts, as additions to shard 0 over nothing
  for (const item of updates(deltas, 0, now)) await db().send(new UpdateCommand(item.Update as UpdateCommandInput));
  return counted;
}
