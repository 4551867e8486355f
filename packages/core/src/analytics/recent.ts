import { addDays, dayOf } from "./calendar";
import { RETENTION_DAYS, newestPageViews, type LoggedHit } from "./event-log";
import type { RecentVisit } from "./report-types";

export const RECENT_VISITS = 10;

/** Days looked at together once today has too few: a quiet site is walked back a week at a time. */
const WINDOW_DAYS = 7;

const toVisit = (hit: LoggedHit): RecentVisit => ({
  at: hit.at,
  ip: hit.ip,
  location: hit.location,
  device: hit.device,
  browser: hit.browser,
  os: hit.os,
  path: hit.path,
});

/** The newest page views, newest first (`GET /api/admin/analytics/recent`): never the visitor id. */
export async function recentVisits(now = new Date(), limit = RECENT_VISITS): Promise<RecentVisit[]> {
  const today = dayOf(now);
  const found: LoggedHit[] = [];
  for (let back = 0; back < RETENTION_DAYS && found.length < limit;) {
    const span = back === 0 ? 1 : Math.min(WINDOW_DAYS, RETENTION_DAYS - back);
    const days = Array.from({ length: span }, (_, i) => addDays(today, -(back + i)));
    const perDay = await Promise.all(days.map((day) => newestPageViews(day, limit - found.length)));
    for (const hits of perDay) found.push(...hits);
    back += span;
  }
  return found.slice(0, limit).map(toVisit);
}
