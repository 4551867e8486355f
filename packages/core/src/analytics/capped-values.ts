import { GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "../db/client";
import { isConditionFailure, updateIf } from "../db/conditional";
import { bucketId, type Bucket } from "./buckets";
import { DAY_MS } from "./calendar";
import { ADMIT_NETWORKS, MAX_DISTINCT_VALUES, OTHER_VALUE, isCapped } from "./admission";
import { addToValue, expiryOf, valueUpdate } from "./aggregate-items";

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

/** The entry is pending (or absent): the condition of the writes that tally or admit it. */
const STILL_PENDING = "attribute_not_exists(pk) OR attribute_exists(#networks)";
const ENTRY_NAMES = { "#networks": "networks", "#pending": "pending", "#type": "type", "#exp": "expiresAt" };

/**
 * One hit's referrer, UTM source or UTM campaign, in one shard of one bucket. A value the shard
 * already counts costs one conditional update, as an uncapped value. Otherwise the value's entry is
 * read (consistently): admitted → the shard starts counting it; pending, and this hit's network is
 * its ADMIT_NETWORKS-th → `admit`; else the hit counts as other and joins the entry's tally.
 */
export async function countCapped(bucket: Bucket, shard: number, dimension: string, value: string, network: string): Promise<void> {
  const add = (v: string, by = 1) => addToValue(bucket, shard, dimension, v, by);
  if (!isCapped(dimension, value)) {
    await add(value);
    return;
  }
  if (await updateIf(valueUpdate(bucket, shard, dimension, value, { ifExists: true }))) return;
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
    if (!isConditionFailure(err)) throw err;
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
  const add = (v: string, by = 1) => addToValue(bucket, shard, dimension, v, by);
  const own = tallied ? 0 : 1;
  const id = fullId(bucket, dimension);
  const refused = async () => {
    if (own) await add(OTHER_VALUE);
  };
  if (full.has(id)) return refused();
  const placed = await updateIf({
    Key: { pk: distinctPartition(bucket), sk: `N#${dimension}` },
    UpdateExpression: "ADD #n :one SET #type = :type, #exp = :exp",
    ConditionExpression: "attribute_not_exists(#n) OR #n < :cap",
    ExpressionAttributeNames: { "#n": "distinct", "#type": "type", "#exp": "expiresAt" },
    ExpressionAttributeValues: { ":one": 1, ":cap": MAX_DISTINCT_VALUES, ":type": "analyticsDistinctCount", ":exp": expiryOf(bucket) },
  });
  if (!placed) {
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
    if (!isConditionFailure(err)) throw err;
    // another hit admitted it first and moved the tally (this hit's too, when tallied)
    if (own) await add(value);
    return;
  }
  await Promise.all([moved + own > 0 ? add(value, moved + own) : undefined, moved > 0 ? add(OTHER_VALUE, -moved) : undefined]);
}
