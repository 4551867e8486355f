import { table } from "../db/client";
import { Keys } from "../db/keys";
import { getMany } from "../db/batch";
import { putIf } from "../db/conditional";
import { queryAll } from "../db/query";
import { pool } from "../util/pool";
import { bucketId, bucketsAt, lastHours, type Bucket } from "./buckets";
import { emptyCounts, mergeInto, type BucketCounts } from "./counts";
import { countsOfItem, expiryOf, shardCount } from "./aggregate-items";

async function readBucket(bucket: Bucket): Promise<BucketCounts> {
  const counts = emptyCounts();
  const shards = Array.from({ length: shardCount() }, (_, shard) => shard);
  await Promise.all(
    shards.map(async (shard) => {
      const items = await queryAll({
        TableName: table(),
        KeyConditionExpression: "pk = :pk",
        ExpressionAttributeValues: { ":pk": Keys.analyticsBucketPartition(bucket.granularity, bucket.key, shard) },
      });
      for (const item of items) countsOfItem(item, counts);
    }),
  );
  return counts;
}

/**
 * A bucket over for CLOSED_AFTER_MS no longer changes, so each process keeps what it read of it:
 * a dashboard's repeated reads only query the open buckets (the current hour and day).
 */
const CLOSED_AFTER_MS = 2 * 60_000;
const MAX_CACHED_BUCKETS = 4000;
const closed = new Map<string, BucketCounts>();

/**
 * For tests and seeding that write into buckets already over: this process's copies. (A bucket's
 * summary item, once read, also stays: `bucketItems` writes a rebuilt bucket before anyone reads it.)
 */
export const forgetClosedBuckets = () => closed.clear();

/** Queries in flight at once while reading many buckets. */
const READ_CONCURRENCY = 48;

/**
 * A closed bucket's shards, summed once, in one item (`ANAGG#<H|D>#<bucket>#SUM` / `SUM`): a cold
 * dashboard (a new Lambda, another process) reads one item per past bucket in a BatchGet instead of
 * a query per shard. Written by the first reader after the bucket closed; never changed after.
 */
export const isClosedAt = (bucket: Bucket, nowMs: number) => bucket.end.getTime() + CLOSED_AFTER_MS <= nowMs;

export const summaryKey = (bucket: Bucket) => ({ pk: `ANAGG#${bucket.granularity}#${bucket.key}#SUM`, sk: "SUM" });
/** Above this a summary is not written (the 400 KB item limit): readers keep summing that bucket's shards. */
const MAX_SUMMARY_BYTES = 300_000;

async function readSummaries(buckets: Map<string, Bucket>): Promise<Map<string, BucketCounts>> {
  const ids = new Map([...buckets].map(([id, b]) => [summaryKey(b).pk, id]));
  const items = await getMany([...buckets.values()].map(summaryKey));
  return new Map(items.map((item) => [ids.get(String(item.pk))!, JSON.parse(String(item.counts)) as BucketCounts]));
}

async function writeSummary(bucket: Bucket, counts: BucketCounts): Promise<void> {
  const json = JSON.stringify(counts);
  if (json.length > MAX_SUMMARY_BYTES) return;
  const expiry = { expiresAt: expiryOf(bucket) };
  // refused: another reader was first, with the same sums
  await putIf({
    Item: { ...summaryKey(bucket), type: "analyticsSummary", counts: json, ...expiry },
    ConditionExpression: "attribute_not_exists(pk)",
  });
}

/** The summed counters of each bucket, in the order given (the same bucket twice is read once). */
export async function readAggregates(buckets: Bucket[], now = new Date()): Promise<BucketCounts[]> {
  const found = new Map<string, BucketCounts>();
  const missing = new Map<string, Bucket>();
  for (const bucket of buckets) {
    const id = `${table()}#${bucketId(bucket)}`;
    const cached = closed.get(id);
    if (cached) found.set(id, cached);
    else missing.set(id, bucket);
  }
  const isClosed = (bucket: Bucket) => isClosedAt(bucket, now.getTime());
  const remember = (id: string, counts: BucketCounts) => {
    if (closed.size >= MAX_CACHED_BUCKETS) closed.delete(closed.keys().next().value!);
    closed.set(id, counts);
  };
  const closedMissing = new Map([...missing].filter(([, b]) => isClosed(b)));
  for (const [id, counts] of closedMissing.size ? await readSummaries(closedMissing) : []) {
    found.set(id, counts);
    remember(id, counts);
    missing.delete(id);
  }
  // Buckets × shards queries; pooled by bucket (each bucket's shards go together).
  const perBucket = Math.max(1, Math.floor(READ_CONCURRENCY / shardCount()));
  await pool([...missing], perBucket, async ([id, bucket]) => {
    const counts = await readBucket(bucket);
    found.set(id, counts);
    if (isClosed(bucket)) {
      remember(id, counts);
      await writeSummary(bucket, counts);
    }
  });
  // Copies: callers may sum into what they get.
  return buckets.map((b) => mergeInto(emptyCounts(), found.get(`${table()}#${bucketId(b)}`)!));
}

/**
 * Sums the buckets that closed lately into their summaries (scheduled hourly), so even the first
 * dashboard to look at them reads one item per bucket: the last `hours` hours and the days they
 * touch. Answers how many buckets it read.
 */
export async function summarizeRecent(now = new Date(), hours = 3): Promise<number> {
  const recent = lastHours(now, hours + 1).slice(0, hours);
  const days = [...new Map(recent.map((h) => bucketsAt(h.start)[1]).map((d) => [d.key, d])).values()];
  const closedOnes = [...recent, ...days].filter((b) => isClosedAt(b, now.getTime()));
  await readAggregates(closedOnes, now);
  return closedOnes.length;
}
