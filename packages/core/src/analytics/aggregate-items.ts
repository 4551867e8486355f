import { UpdateCommand, type UpdateCommandInput } from "@aws-sdk/lib-dynamodb";
import { settings } from "../config";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { DAILY_RETENTION_DAYS, HOURLY_RETENTION_DAYS, type Bucket } from "./buckets";
import { DAY_MS } from "./calendar";
import { isCoreDimension, isValueDimension, type BucketCounts, type Contribution } from "./counts";

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
 * (`admission.ts`, capped-values.ts). Readers sum the shards. Hourly items expire after HOURLY_RETENTION_DAYS, daily ones
 * after DAILY_RETENTION_DAYS.
 */

const CORE_SK = "CORE";
const VALUE_PREFIX = "V#";

export const shardCount = () => settings().COUNTER_SHARDS;
export const randomShard = () => Math.floor(Math.random() * shardCount());

/** When a bucket's items go (the table's TTL attribute `expiresAt`). */
export const expiryOf = (bucket: Bucket) =>
  Math.floor((bucket.start.getTime() + (bucket.granularity === "H" ? HOURLY_RETENTION_DAYS : DAILY_RETENTION_DAYS) * DAY_MS) / 1000);

export function coreUpdate(bucket: Bucket, shard: number, c: Contribution) {
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
export function valueUpdate(
  bucket: Bucket,
  shard: number,
  dimension: string,
  value: string,
  { by = 1, ifExists = false } = {},
): Omit<UpdateCommandInput, "TableName"> {
  return {
    Key: { pk: Keys.analyticsBucketPartition(bucket.granularity, bucket.key, shard), sk: `${VALUE_PREFIX}${dimension}#${value}` },
    UpdateExpression: "ADD #count :by SET #type = :type, #exp = :exp",
    ...(ifExists ? { ConditionExpression: "attribute_exists(#count)" } : {}),
    ExpressionAttributeNames: { "#count": "count", "#type": "type", "#exp": "expiresAt" },
    ExpressionAttributeValues: { ":by": by, ":type": "analyticsValue", ":exp": expiryOf(bucket) },
  };
}

/** Adds `by` to the count of a value in one shard of a bucket. */
export const addToValue = (bucket: Bucket, shard: number, dimension: string, value: string, by = 1) =>
  db().send(new UpdateCommand({ TableName: table(), ...valueUpdate(bucket, shard, dimension, value, { by }) }));

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

/** One aggregate item → what it counts. */
export function countsOfItem(item: Record<string, unknown>, into: BucketCounts) {
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
