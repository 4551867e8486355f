import { HOURLY_RETENTION_DAYS, dayBucket, hourBucket, lastHours, type Bucket } from "./buckets";
import { DAY_MS, addDays, dayEnd, dayOf, dayStart, daysBetween, hoursOf } from "./calendar";
import type { AnalyticsQuery } from "./input";

export interface ResolvedRange {
  from: Date;
  to: Date;
  bucket: "hour" | "day";
  /** The range's buckets that have begun, oldest first. */
  buckets: Bucket[];
}

/** Whole days, both ends included, in hourly buckets when short and still held hourly, else daily. */
function customRange(fromDay: string, toDay: string, now: Date): ResolvedRange {
  const from = dayStart(fromDay);
  const end = dayEnd(toDay);
  const days = daysBetween(fromDay, toDay);
  const hourlyHeld = from.getTime() > now.getTime() - HOURLY_RETENTION_DAYS * DAY_MS;
  const hourly = days.length <= 2 && hourlyHeld;
  const all = hourly ? days.flatMap(hoursOf).map(hourBucket) : days.map(dayBucket);
  return {
    from,
    to: new Date(Math.max(from.getTime(), Math.min(end.getTime(), now.getTime()))),
    bucket: hourly ? "hour" : "day",
    buckets: all.filter((b) => b.start.getTime() <= now.getTime()),
  };
}

/** The last `n` New York days, today included, in daily buckets up to now. */
function lastDays(n: number, now: Date): ResolvedRange {
  const today = dayOf(now);
  const first = addDays(today, -(n - 1));
  return { from: dayStart(first), to: now, bucket: "day", buckets: daysBetween(first, today).map(dayBucket) };
}

/** The buckets a dashboard query covers, as of `now`. */
export function resolveRange(query: AnalyticsQuery, now: Date): ResolvedRange {
  switch (query.range) {
    case "24h": {
      const buckets = lastHours(now, 24);
      return { from: buckets[0].start, to: now, bucket: "hour", buckets };
    }
    case "7d":
      return lastDays(7, now);
    case "30d":
      return lastDays(30, now);
    case "custom":
      return customRange(query.from!, query.to!, now);
  }
}
