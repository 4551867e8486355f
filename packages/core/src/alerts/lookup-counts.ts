import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "../db/client";
import { addToCount } from "../db/hour-count";
import { Keys } from "../db/keys";
import { ANALYTICS_DAILY_DAYS } from "../policy/retention";
import { newYorkDay } from "../util/time";
import { manyBySlug } from "./store";
import type { LookupReport } from "./types";

export type { LookupDay, LookupReport } from "./types";

/**
 * The public lookups counted by New York day (docs/scam-intelligence.md "Lookup analytics"): one
 * counter per alert found and one for lookups that found none, each a small item in one partition
 * (`ALERTLOOKUPS`), kept as long as the analytics' daily figures. A lookup costs one UpdateItem (one
 * write unit); what was typed is never stored, found or not: a found lookup is counted under the
 * alert it showed first, a lookup that found nothing under the day alone.
 */

const DAY_SECONDS = 86_400;
export const LOOKUP_COUNT_TYPE = "scamAlertLookups";

/** Adds one lookup of `at`'s New York day: found under its first alert's slug, else as missed. */
export async function countLookup(foundSlug: string | undefined, at = new Date()): Promise<void> {
  const day = newYorkDay(at);
  const expiresAt = Math.floor(at.getTime() / 1000) + (ANALYTICS_DAILY_DAYS + 2) * DAY_SECONDS;
  const key = foundSlug ? Keys.scamAlertLookupFound(day, foundSlug) : Keys.scamAlertLookupMissed(day);
  await addToCount(key, 1, { type: LOOKUP_COUNT_TYPE, day, ...(foundSlug ? { slug: foundSlug } : {}), expiresAt });
}

/** The New York days from `days − 1` days before `now` to `now`'s, oldest first. */
function dayRange(days: number, now: Date): string[] {
  const out: string[] = [];
  for (let back = days - 1; back >= 0; back--) out.push(newYorkDay(new Date(now.getTime() - back * DAY_SECONDS * 1000)));
  // a day of 23 or 25 hours (daylight saving) may name a day twice or skip one at the ends: distinct and sorted
  return [...new Set(out)].sort();
}

/** The last `days` days' lookups: one Query of the counters' partition between the first and the last day. */
export async function lookupReport(days = 30, now = new Date(), top = 10): Promise<LookupReport> {
  const range = dayRange(days, now);
  const byDay = new Map(range.map((day) => [day, { day, found: 0, missed: 0 }]));
  const bySlug = new Map<string, number>();
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: "pk = :pk AND sk BETWEEN :from AND :to",
        ExpressionAttributeValues: { ":pk": Keys.scamAlertLookupsPartition, ":from": `${range[0]}#`, ":to": `${range.at(-1)}#~` },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of res.Items ?? []) {
      const entry = byDay.get(String(item.day));
      const n = Number(item.asked ?? 0);
      if (!entry) continue;
      if (typeof item.slug === "string") {
        entry.found += n;
        bySlug.set(item.slug, (bySlug.get(item.slug) ?? 0) + n);
      } else entry.missed += n;
    }
    start = res.LastEvaluatedKey;
  } while (start);
  const ranked = [...bySlug].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, top);
  const alerts = new Map((await manyBySlug(ranked.map(([slug]) => slug))).map((a) => [a.slug, a]));
  const list = [...byDay.values()];
  return {
    days: list,
    totals: { found: list.reduce((s, d) => s + d.found, 0), missed: list.reduce((s, d) => s + d.missed, 0) },
    alerts: ranked.map(([slug, lookups]) => ({ slug, title: alerts.get(slug)?.title ?? slug, published: alerts.get(slug)?.published ?? false, lookups })),
  };
}
