import type { AnalyticsRange } from "@site/core/analytics/input";
import type { AnalyticsReport, LabelCount, RecentVisit, RecentVisits } from "@site/core/analytics/report-types";

/** The analytics screen's data; the answers' types come from the server's module (the routes are in api/paths). */
export type { AnalyticsReport, LabelCount as Count, RecentVisit, RecentVisits };

export type RangeKey = AnalyticsRange;

/** The range the report covers; a custom range has both days (YYYY-MM-DD, inclusive). */
export type RangeQuery = { range: Exclude<RangeKey, "custom"> } | { range: "custom"; from: string; to: string };

export const DEFAULT_RANGE: RangeQuery = { range: "7d" };

export const RANGE_OPTIONS: { value: RangeKey; label: string }[] = [
  { value: "24h", label: "24 hours" },
  { value: "7d", label: "7 days" },
  { value: "30d", label: "30 days" },
  { value: "custom", label: "Custom" },
];

/** The spec's words (§8). */
export const MESSAGES = {
  fetchFailed: "Failed to fetch analytics data",
} as const;
