import { HOUR_MS, dayEnd, dayOf, dayStart, hourOf, hourStart } from "./calendar";
import { ANALYTICS_DAILY_DAYS, ANALYTICS_HOURLY_DAYS } from "../policy/retention";

/** Hourly aggregates are kept this long (TTL). */
export const HOURLY_RETENTION_DAYS = ANALYTICS_HOURLY_DAYS;
/** Daily aggregates are kept this long (TTL). */
export const DAILY_RETENTION_DAYS = ANALYTICS_DAILY_DAYS;

/** A time bucket of the aggregates: a UTC hour ("H", "2025-06-01T14") or a New York day ("D", "2025-06-01"). */
export interface Bucket {
  granularity: "H" | "D";
  key: string;
  start: Date;
  /** Exclusive. */
  end: Date;
}

export function hourBucket(key: string): Bucket {
  const start = hourStart(key);
  return { granularity: "H", key, start, end: new Date(start.getTime() + HOUR_MS) };
}

export const dayBucket = (day: string): Bucket => ({ granularity: "D", key: day, start: dayStart(day), end: dayEnd(day) });

/** The two buckets every hit counts in. */
export const bucketsAt = (at: Date): [Bucket, Bucket] => [hourBucket(hourOf(at)), dayBucket(dayOf(at))];

/** The last `n` hourly buckets up to and including the one `now` is in, oldest first. */
export function lastHours(now: Date, n: number): Bucket[] {
  const current = hourStart(hourOf(now)).getTime();
  return Array.from({ length: n }, (_, i) => hourBucket(hourOf(current - (n - 1 - i) * HOUR_MS)));
}

export const bucketId = (b: Bucket) => `${b.granularity}#${b.key}`;
