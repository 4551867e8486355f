import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { settings } from "../config";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { getMany } from "../db/batch";
import { queryAll } from "../db/query";
import { pool } from "../util/pool";
import { DAILY_RETENTION_DAYS, HOURLY_RETENTION_DAYS, bucketId, bucketsAt, lastHours, type Bucket } from "./buckets";
import { DAY_MS } from "./calendar";
import { emptyCounts, isCoreDimension, isValueDimension, mergeInto, type BucketCounts, type Contribution } from "./counts";

/**
 * The counters the dashboard reads, updated on ingest. Each hit adds to its hour and its New York
 * day, each in one random shard (`COUNTER_SHARDS`, as the signature counters) so no partition or
 * item takes every write. Per bucket and shard (pk `ANAGG#<H|D>#<bucket>#<shard>`):
 *
 * - sk `CORE`: pageviews, events, visitors and one attribute per value of the bounded dimensions
 *   (`page:/petition`, `device:Mobile`, `browser:Safari`, `os:iOS`, `event:signature`): one UpdateItem
 *   adds to all of them, and the item stays around 1–2 KB however busy the bucket is.
 * - sk `V#<dimension>#<value>` (location, referrer, source, campaign): `count`. Their values are
 *   open-ended; one ~100-byte item per value keeps each write at one write unit (an UpdateItem is
 *   charged by the size of the item it changes) and no item near the 400 KB limit.
 *
 * The referrers, UTM sources and campaigns a bucket counts are capped (MAX_DISTINCT_VALUES, see
 * `countCapped`). Readers sum the shards. Hourly items expire after HOURLY_RETENTION_DAYS, daily ones
 * after DAILY_RETENTION_DAYS.
 */

const CORE_SK = "CORE";
const VALUE_PREFIX = "V#";

const shardCount = () => settings().COUNTER_SHARDS;
const randomShard = () => Math.floor(Math.random() * shardCount());

/** When a bucket's items go (the table's TTL attribute `expiresAt`). */
const expiryOf = (bucket: Bucket) =>
  Math.floor((bucket.start.getTime() + (bucket.granularity === "H" ? HOURLY_RETENTION_DAYS : DAILY_RETENTION_DAYS) * DAY_MS) / 1000);

function coreUpdate(bucket: Bucket, shard: number, c: Contribution) {
  const names: Record<string, string> = { "#pv": "pageviews", "#ev": "events", "#vis": "visitors", "#type": "type", "#bucket": "bucket" };
  const values: Record<string, unknown> = {
    ":pv": c.pageviews,
    ":ev": c.events,
    ":vis": c.visitors,
    ":one": 1,
    ":type": "analyticsAggregate",
    ":bucket": bucket.key,
  };
  const adds = ["#pv :pv", "#ev :ev", "#vis :vis"];
  c.values
    .filter((v) => isCoreDimension(v.dimension))
    .forEach((v, i) => {
      names[`#c${i}`] = `${v.dimension}:${v.value}`;
      adds.push(`#c${i} :one`);
    });
  names["#exp"] = "expiresAt";
  values[":exp"] = expiryOf(bucket);
  const sets = ["#type = :type", "#bucket = :bucket", "#exp = :exp"];
  return new UpdateCommand({
    TableName: table(),
    Key: { pk: Keys.analyticsBucketPartition(bucket.granularity, bucket.key, shard), sk: CORE_SK },
    UpdateExpression: `ADD ${adds.join(", ")} SET ${sets.join(", ")}`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  });
}

/** `ADD count 1` on a value's item; `ifExists`: only if the shard already counts that value. */
function valueUpdate(bucket: Bucket, shard: number, dimension: string, value: string, ifExists = false) {
  return new UpdateCommand({
    TableName: table(),
    Key: { pk: Keys.analyticsBucketPartition(bucket.granularity, bucket.key, shard), sk: `${VALUE_PREFIX}${dimension}#${value}` },
    UpdateExpression: "ADD #count :one SET #type = :type, #exp = :exp",
    ...(ifExists ? { ConditionExpression: "attribute_exists(#count)" } : {}),
    ExpressionAttributeNames: { "#count": "count", "#type": "type", "#exp": "expiresAt" },
    ExpressionAttributeValues: { ":one": 1, ":type": "analyticsValue", ":exp": expiryOf(bucket) },
  });
}

/**
 * Distinct referrers, UTM sources and UTM campaigns a bucket (over all its shards) counts, per
 * dimension: anyone can send the beacon any value, and without a cap random values would each add
 * items to the table and rows to the dashboard. Beyond it, a new value counts as OTHER_VALUE. 200 is
 * far more than a day of real traffic brings (its top lists show 20), and bounds a bucket at ~200
 * value items per dimension and shard. Locations come from CloudFront, not from the beacon.
 */
export const MAX_DISTINCT_VALUES = 200;
/** What a value over the cap counts as. */
export const OTHER_VALUE = "other";
const CAPPED_DIMENSIONS: readonly string[] = ["referrer", "source", "campaign"];

/**
 * A bucket's admitted values (sk `V#<dimension>#<value>`) and how many each dimension has
 * (sk `N#<dimension>`, `distinct`), in a partition of their own (`ANAGG#<H|D>#<bucket>#DISTINCT`):
 * written only when a value is first seen in a shard, never on the usual hit.
 */
const distinctPartition = (bucket: Bucket) => `ANAGG#${bucket.granularity}#${bucket.key}#DISTINCT`;

/** The buckets and dimensions this process has seen full (a count only grows): no more conditional writes on their counter. */
const MAX_FULL_REMEMBERED = 1000;
const full = new Set<string>();

const conditionFailed = (err: unknown) => (err as Error).name === "ConditionalCheckFailedException";

/** Whether `value` is (now) one of the bucket's admitted values of `dimension`. */
async function admit(bucket: Bucket, dimension: string, value: string): Promise<boolean> {
  if (value === OTHER_VALUE) return true;
  const pk = distinctPartition(bucket);
  const entry = { pk, sk: `${VALUE_PREFIX}${dimension}#${value}` };
  const known = await db().send(new GetCommand({ TableName: table(), Key: entry, ConsistentRead: true }));
  if (known.Item) return true;
  const fullId = `${table()}#${bucketId(bucket)}#${dimension}`;
  if (full.has(fullId)) return false;
  try {
    // The cap itself: one conditional ADD, so however many hits race for the last places, at most
    // MAX_DISTINCT_VALUES get one. Two racing with the same new value may both take a place: the
    // count only ever overstates, so the cap holds.
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: { pk, sk: `N#${dimension}` },
        UpdateExpression: "ADD #n :one SET #type = :type, #exp = :exp",
        ConditionExpression: "attribute_not_exists(#n) OR #n < :cap",
        ExpressionAttributeNames: { "#n": "distinct", "#type": "type", "#exp": "expiresAt" },
        ExpressionAttributeValues: { ":one": 1, ":cap": MAX_DISTINCT_VALUES, ":type": "analyticsDistinctCount", ":exp": expiryOf(bucket) },
      }),
    );
  } catch (err) {
    if (!conditionFailed(err)) throw err;
    if (full.size >= MAX_FULL_REMEMBERED) full.clear();
    full.add(fullId);
    return false;
  }
  await db().send(new PutCommand({ TableName: table(), Item: { ...entry, type: "analyticsDistinctValue", expiresAt: expiryOf(bucket) } }));
  return true;
}

/**
 * The same cap on counts made from the raw hits (the recount): the first MAX_DISTINCT_VALUES values of
 * each capped dimension, in the order given (the hits' order, as they arrived), keep their own;
 * later new ones become OTHER_VALUE. One per bucket.
 */
export function distinctCap(): (c: Contribution) => Contribution {
  const admitted = new Map<string, Set<string>>();
  return (c) => ({
    ...c,
    values: c.values.map((v) => {
      if (!CAPPED_DIMENSIONS.includes(v.dimension) || v.value === OTHER_VALUE) return v;
      const values = admitted.get(v.dimension) ?? admitted.set(v.dimension, new Set()).get(v.dimension)!;
      if (values.has(v.value)) return v;
      if (values.size >= MAX_DISTINCT_VALUES) return { ...v, value: OTHER_VALUE };
      values.add(v.value);
      return v;
    }),
  });
}

/**
 * One hit's value of a capped dimension: a value the shard already counts costs one conditional
 * update, as an uncapped one; a value new to the shard is first admitted (a consistent read of the
 * bucket's entry, and if absent the counter's conditional ADD and the entry), else counted as other.
 */
async function countCapped(bucket: Bucket, shard: number, dimension: string, value: string): Promise<void> {
  try {
    await db().send(valueUpdate(bucket, shard, dimension, value, true));
    return;
  } catch (err) {
    if (!conditionFailed(err)) throw err;
  }
  const admitted = await admit(bucket, dimension, value);
  await db().send(valueUpdate(bucket, shard, dimension, admitted ? value : OTHER_VALUE));
}

/**
 * The items of one bucket's shard holding `counts`, as the updates above leave them: for loading
 * aggregates computed elsewhere (a rebuild from a recount of the raw events, a benchmark's seed)
 * with plain writes. They replace what the shard held.
 */
export function bucketItems(bucket: Bucket, shard: number, counts: BucketCounts): Record<string, unknown>[] {
  const pk = Keys.analyticsBucketPartition(bucket.granularity, bucket.key, shard);
  const expiry = { expiresAt: expiryOf(bucket) };
  const core: Record<string, unknown> = {
    pk,
    sk: CORE_SK,
    type: "analyticsAggregate",
    bucket: bucket.key,
    pageviews: counts.pageviews,
    events: counts.events,
    visitors: counts.visitors,
    ...expiry,
  };
  const values: Record<string, unknown>[] = [];
  for (const [dimension, byValue] of Object.entries(counts.dims)) {
    for (const [value, n] of Object.entries(byValue)) {
      if (isCoreDimension(dimension)) core[`${dimension}:${value}`] = n;
      else values.push({ pk, sk: `${VALUE_PREFIX}${dimension}#${value}`, type: "analyticsValue", count: n, ...expiry });
    }
  }
  return [core, ...values];
}

/**
 * Adds a hit at `at` to its hour and its day: one UpdateItem per bucket, plus one per open-ended
 * value. A hit replayed into a bucket already over (tests, seeding: live hits are timed now) also
 * drops that bucket's summary, which no longer holds every hit.
 */
export async function addToAggregates(at: Date, c: Contribution): Promise<void> {
  const buckets = bucketsAt(at);
  const writes = buckets.flatMap((bucket) => {
    const shard = randomShard();
    const openValues = c.values.filter((v) => isValueDimension(v.dimension));
    return [
      db().send(coreUpdate(bucket, shard, c)),
      ...openValues.map((v) =>
        CAPPED_DIMENSIONS.includes(v.dimension)
          ? countCapped(bucket, shard, v.dimension, v.value)
          : db().send(valueUpdate(bucket, shard, v.dimension, v.value)),
      ),
    ];
  });
  const stale = buckets.filter((b) => isClosedAt(b, Date.now())).map((b) => db().send(new DeleteCommand({ TableName: table(), Key: summaryKey(b) })));
  await Promise.all([...writes, ...stale]);
}

/** One aggregate item → what it counts. */
function countsOfItem(item: Record<string, unknown>, into: BucketCounts) {
  const sk = String(item.sk);
  if (sk === CORE_SK) {
    into.pageviews += Number(item.pageviews ?? 0);
    into.events += Number(item.events ?? 0);
    into.visitors += Number(item.visitors ?? 0);
    for (const [name, n] of Object.entries(item)) {
      const colon = name.indexOf(":");
      const dimension = name.slice(0, colon);
      if (colon > 0 && isCoreDimension(dimension)) into.dims[dimension][name.slice(colon + 1)] = (into.dims[dimension][name.slice(colon + 1)] ?? 0) + Number(n);
    }
  } else if (sk.startsWith(VALUE_PREFIX)) {
    const rest = sk.slice(VALUE_PREFIX.length);
    const hash = rest.indexOf("#");
    const dimension = rest.slice(0, hash);
    const value = rest.slice(hash + 1);
    if (hash > 0 && isValueDimension(dimension)) into.dims[dimension][value] = (into.dims[dimension][value] ?? 0) + Number(item.count ?? 0);
  }
}

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

const summaryKey = (bucket: Bucket) => ({ pk: `ANAGG#${bucket.granularity}#${bucket.key}#SUM`, sk: "SUM" });
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
  try {
    await db().send(
      new PutCommand({
        TableName: table(),
        Item: { ...summaryKey(bucket), type: "analyticsSummary", counts: json, ...expiry },
        ConditionExpression: "attribute_not_exists(pk)",
      }),
    );
  } catch (err) {
    // another reader was first: the same sums
    if ((err as Error).name !== "ConditionalCheckFailedException") throw err;
  }
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
