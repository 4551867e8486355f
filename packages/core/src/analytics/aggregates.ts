import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { settings } from "../config";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { getMany } from "../db/batch";
import { queryAll } from "../db/query";
import { pool } from "../util/pool";
import { DAILY_RETENTION_DAYS, HOURLY_RETENTION_DAYS, bucketId, bucketsAt, lastHours, type Bucket } from "./buckets";
import { DAY_MS } from "./calendar";
import { ADMIT_NETWORKS, CAPPED_DIMENSIONS, MAX_DISTINCT_VALUES, OTHER_VALUE, isCapped } from "./admission";
import { emptyCounts, isCoreDimension, isValueDimension, mergeInto, type BucketCounts, type Contribution } from "./counts";

export { ADMIT_NETWORKS, MAX_DISTINCT_VALUES, OTHER_VALUE } from "./admission";

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
 * The referrers, UTM sources and campaigns a bucket counts are admitted by networks and capped
 * (`admission.ts`, `countCapped`). Readers sum the shards. Hourly items expire after HOURLY_RETENTION_DAYS, daily ones
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

/** `ADD count <by>` (1 by default) on a value's item; `ifExists`: only if the shard already counts that value. */
function valueUpdate(bucket: Bucket, shard: number, dimension: string, value: string, { by = 1, ifExists = false } = {}) {
  return new UpdateCommand({
    TableName: table(),
    Key: { pk: Keys.analyticsBucketPartition(bucket.granularity, bucket.key, shard), sk: `${VALUE_PREFIX}${dimension}#${value}` },
    UpdateExpression: "ADD #count :by SET #type = :type, #exp = :exp",
    ...(ifExists ? { ConditionExpression: "attribute_exists(#count)" } : {}),
    ExpressionAttributeNames: { "#count": "count", "#type": "type", "#exp": "expiresAt" },
    ExpressionAttributeValues: { ":by": by, ":type": "analyticsValue", ":exp": expiryOf(bucket) },
  });
}

/**
 * The admission of referrers, UTM sources and UTM campaigns on ingest (the rule: `admission.ts`;
 * at most MAX_DISTINCT_VALUES per bucket, each only once ADMIT_NETWORKS networks sent it). Per bucket:
 *
 * - `ANAGG#<H|D>#<bucket>#DISTINCT` / `N#<dimension>` (`analyticsDistinctCount`): `distinct`, how
 *   many values the bucket admitted.
 * - `ANAGG#<H|D>#<bucket>#DISTINCT#<dimension>#<value>` / `DV`: the value's entry, in a partition of
 *   its own, so a stream of new values spreads over partitions instead of heating one. Pending
 *   (`analyticsPendingValue`): `networks`, those that sent it so far (fewer than ADMIT_NETWORKS),
 *   `pending`, its hits counted as other so far; it expires a day after its bucket (it holds
 *   truncated IPs, and is of no use once the bucket is over). Admitted (`analyticsDistinctValue`):
 *   no networks, the bucket's expiry.
 *
 * They are read and written only when a shard meets a value it does not count yet, never on the
 * usual hit (a conditional ADD on the shard's value item).
 */
const distinctPartition = (bucket: Bucket) => `ANAGG#${bucket.granularity}#${bucket.key}#DISTINCT`;
const entryKey = (bucket: Bucket, dimension: string, value: string) => ({ pk: `${distinctPartition(bucket)}#${dimension}#${value}`, sk: "DV" });
/** A pending entry's expiry: a day after its bucket (or after now, for a hit replayed into a past bucket). */
const pendingExpiryOf = (bucket: Bucket) => Math.floor((Math.max(bucket.end.getTime(), Date.now()) + DAY_MS) / 1000);

/** The buckets and dimensions this process has seen full (a count only grows): no more conditional writes on their counter. */
const MAX_FULL_REMEMBERED = 1000;
const full = new Set<string>();
const fullId = (bucket: Bucket, dimension: string) => `${table()}#${bucketId(bucket)}#${dimension}`;

const conditionFailed = (err: unknown) => (err as Error).name === "ConditionalCheckFailedException";

/** The entry is pending (or absent): the condition of the writes that tally or admit it. */
const STILL_PENDING = "attribute_not_exists(pk) OR attribute_exists(#networks)";
const ENTRY_NAMES = { "#networks": "networks", "#pending": "pending", "#type": "type", "#exp": "expiresAt" };

/**
 * One hit's referrer, UTM source or UTM campaign, in one shard of one bucket. A value the shard
 * already counts costs one conditional update, as an uncapped value. Otherwise the value's entry is
 * read (consistently): admitted → the shard starts counting it; pending, and this hit's network is
 * its ADMIT_NETWORKS-th → `admit`; else the hit counts as other and joins the entry's tally.
 */
async function countCapped(bucket: Bucket, shard: number, dimension: string, value: string, network: string): Promise<void> {
  const add = (v: string, by = 1) => db().send(valueUpdate(bucket, shard, dimension, v, { by }));
  if (!isCapped(dimension, value)) {
    await add(value);
    return;
  }
  try {
    await db().send(valueUpdate(bucket, shard, dimension, value, { ifExists: true }));
    return;
  } catch (err) {
    if (!conditionFailed(err)) throw err;
  }
  const key = entryKey(bucket, dimension, value);
  const entry = (await db().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }))).Item;
  if (entry && !entry.networks) {
    await add(value);
    return;
  }
  const networks = new Set([...((entry?.networks as Set<string> | undefined) ?? []), network]);
  if (networks.size >= ADMIT_NETWORKS) {
    await admit(bucket, shard, dimension, value, false);
    return;
  }
  await add(OTHER_VALUE);
  // a full bucket admits nothing more: no tally to keep
  if (full.has(fullId(bucket, dimension))) return;
  // Counted as other first, tallied after: a tally never holds a hit that other does not count
  // yet, so moving it (`admit`) never takes the bucket's other below zero.
  let tallied: Record<string, unknown> | undefined;
  try {
    tallied = (
      await db().send(
        new UpdateCommand({
          TableName: table(),
          Key: key,
          UpdateExpression: "ADD #networks :network, #pending :one SET #type = :type, #exp = :exp",
          ConditionExpression: STILL_PENDING,
          ExpressionAttributeNames: ENTRY_NAMES,
          ExpressionAttributeValues: { ":network": new Set([network]), ":one": 1, ":type": "analyticsPendingValue", ":exp": pendingExpiryOf(bucket) },
          ReturnValues: "ALL_NEW",
        }),
      )
    ).Attributes;
  } catch (err) {
    if (!conditionFailed(err)) throw err;
    // admitted since the read: the hit is the value's
    await Promise.all([add(value), add(OTHER_VALUE, -1)]);
    return;
  }
  // networks arriving at once may complete the set here rather than at a read
  if (((tallied?.networks as Set<string> | undefined)?.size ?? 0) >= ADMIT_NETWORKS) await admit(bucket, shard, dimension, value, true);
}

/**
 * A value seen from ADMIT_NETWORKS networks takes one of the bucket's places, if one is left: the
 * counter's conditional ADD (`distinct < MAX_DISTINCT_VALUES`), so however many hits race for the
 * last places, at most MAX_DISTINCT_VALUES get one (two admitting the same value at once may both
 * take one: the count only overstates, so the cap holds). Then the entry turns admitted and its
 * tally moves from other to the value, in this shard: an admitted value counts every hit of the
 * bucket. `tallied`: this hit is in the tally (and in other) already.
 */
async function admit(bucket: Bucket, shard: number, dimension: string, value: string, tallied: boolean): Promise<void> {
  const add = (v: string, by = 1) => db().send(valueUpdate(bucket, shard, dimension, v, { by }));
  const own = tallied ? 0 : 1;
  const id = fullId(bucket, dimension);
  const refused = async () => {
    if (own) await add(OTHER_VALUE);
  };
  if (full.has(id)) return refused();
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: { pk: distinctPartition(bucket), sk: `N#${dimension}` },
        UpdateExpression: "ADD #n :one SET #type = :type, #exp = :exp",
        ConditionExpression: "attribute_not_exists(#n) OR #n < :cap",
        ExpressionAttributeNames: { "#n": "distinct", "#type": "type", "#exp": "expiresAt" },
        ExpressionAttributeValues: { ":one": 1, ":cap": MAX_DISTINCT_VALUES, ":type": "analyticsDistinctCount", ":exp": expiryOf(bucket) },
      }),
    );
  } catch (err) {
    if (!conditionFailed(err)) throw err;
    if (full.size >= MAX_FULL_REMEMBERED) full.clear();
    full.add(id);
    return refused();
  }
  let moved: number;
  try {
    const old = await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: entryKey(bucket, dimension, value),
        UpdateExpression: "REMOVE #networks, #pending SET #type = :type, #exp = :exp",
        ConditionExpression: STILL_PENDING,
        ExpressionAttributeNames: ENTRY_NAMES,
        ExpressionAttributeValues: { ":type": "analyticsDistinctValue", ":exp": expiryOf(bucket) },
        ReturnValues: "ALL_OLD",
      }),
    );
    moved = Number(old.Attributes?.pending ?? 0);
  } catch (err) {
    if (!conditionFailed(err)) throw err;
    // another hit admitted it first and moved the tally (this hit's too, when tallied)
    if (own) await add(value);
    return;
  }
  await Promise.all([moved + own > 0 ? add(value, moved + own) : undefined, moved > 0 ? add(OTHER_VALUE, -moved) : undefined]);
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
          ? countCapped(bucket, shard, v.dimension, v.value, c.network)
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
