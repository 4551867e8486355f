import { PutCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { queryAll } from "../db/query";
import { sortableId } from "../util/id";
import { DAY_MS, dayOf } from "./calendar";
import type { DerivedHit } from "./derive";
import { ANALYTICS_RAW_DAYS } from "../policy/retention";

/**
 * The raw hits, one item each, kept RETENTION_DAYS (TTL): what the recent-visitors list shows and
 * what a recount recomputes the aggregates from. Partitions are a New York day × RAW_SHARDS
 * (`ANEV#<day>#<shard>`, a random shard per hit); page views sort under `P#`, events under `E#`,
 * each by a time-sortable id, so the newest page views of a day are RAW_SHARDS short queries.
 */

export const RETENTION_DAYS = ANALYTICS_RAW_DAYS;
export const RAW_SHARDS = 4;

export interface LoggedHit extends DerivedHit {
  at: string;
  /** The day's salted visitor id. */
  visitor: string;
}

const FIELDS = [
  "kind",
  "name",
  "path",
  "route",
  "device",
  "browser",
  "os",
  "city",
  "region",
  "country",
  "location",
  "ip",
  "referrer",
  "utmSource",
  "utmMedium",
  "utmCampaign",
] as const;

export async function logHit(at: Date, hit: DerivedHit, visitor: string): Promise<void> {
  const shard = Math.floor(Math.random() * RAW_SHARDS);
  await db().send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...Keys.analyticsEvent(dayOf(at), shard, hit.kind === "pageview" ? "P" : "E", sortableId(at.getTime())),
        type: "analyticsEvent",
        at: at.toISOString(),
        ...Object.fromEntries(FIELDS.map((f) => [f, hit[f]])),
        visitor,
        expiresAt: Math.floor((at.getTime() + RETENTION_DAYS * DAY_MS) / 1000),
      },
    }),
  );
}

function toLoggedHit(item: Record<string, unknown>): LoggedHit {
  const hit = Object.fromEntries(FIELDS.filter((f) => item[f] !== undefined).map((f) => [f, item[f]])) as unknown as DerivedHit;
  return { ...hit, at: String(item.at), visitor: String(item.visitor) };
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** The time-sortable id after the `P#`/`E#` kind. */
const idOf = (item: Record<string, unknown>) => String(item.sk).slice(2);

const shards = Array.from({ length: RAW_SHARDS }, (_, shard) => shard);

/** Every hit logged on a New York day, in time order. */
export async function hitsOfDay(day: string): Promise<LoggedHit[]> {
  const parts = await Promise.all(
    shards.map((shard) =>
      queryAll({ TableName: table(), KeyConditionExpression: "pk = :pk", ExpressionAttributeValues: { ":pk": Keys.analyticsEventPartition(day, shard) } }),
    ),
  );
  return parts
    .flat()
    .sort((a, b) => compare(idOf(a), idOf(b)))
    .map(toLoggedHit);
}

/** The newest `limit` page views of a New York day, newest first. */
export async function newestPageViews(day: string, limit: number): Promise<LoggedHit[]> {
  const parts = await Promise.all(
    shards.map(async (shard) => {
      const res = await db().send(
        new QueryCommand({
          TableName: table(),
          KeyConditionExpression: "pk = :pk AND begins_with(sk, :p)",
          ExpressionAttributeValues: { ":pk": Keys.analyticsEventPartition(day, shard), ":p": "P#" },
          ScanIndexForward: false,
          Limit: limit,
        }),
      );
      return res.Items ?? [];
    }),
  );
  return parts
    .flat()
    .sort((a, b) => compare(idOf(b), idOf(a)))
    .slice(0, limit)
    .map(toLoggedHit);
}
