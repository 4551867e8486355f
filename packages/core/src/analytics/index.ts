export * as Analytics from "./index";

/**
 * The site's own analytics: a beacon's hits (`collect`) are filtered, derived, logged
 * raw for 90 days and added to hourly and daily aggregates, so the dashboard (`report`,
 * `recentVisits`) reads aggregates only. No cookies: a visitor is a hash of a daily salt, IP and user
 * agent; IPs are kept truncated. docs/data-model.md "Analytics" has the items.
 */
export { AnalyticsEvent, AnalyticsQuery, EVENT_NAMES, RANGES, MAX_EVENT_BYTES, type EventName, type AnalyticsRange } from "./input";
export type { AnalyticsReport, RecentVisit, RecentVisits, LabelCount, SeriesPoint } from "./report-types";
export { collect, type HitRequest, type CollectOptions } from "./ingest";
export { report, type BucketSource } from "./report";
export { recentVisits, RECENT_VISITS } from "./recent";
export { recount } from "./recount";
export { forgetClosedBuckets, bucketItems, readAggregates, summarizeRecent } from "./aggregates";
export { saltSource, tableSaltStore, SaltExpired, type SaltStore, type SaltSource } from "./salt";
export { visitorId } from "./visitor";
export { truncateIp } from "./truncate-ip";
export { dropReason, type DropReason } from "./drop";
