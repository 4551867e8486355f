import type { AnalyticsRange } from "@site/core/analytics/input";
import type { AnalyticsReport, LabelCount, RecentVisit, RecentVisits } from "@site/core/analytics/report-types";
import { withQuery } from "../../lib/query";

/** The admin analytics routes (packages/functions/src/routes.ts); their answers' types come from the server's module. */
export type { AnalyticsReport, LabelCount as Count, RecentVisit, RecentVisits };

export const ANALYTICS_API = {
  report: "/api/admin/analytics",
  recent: "/api/admin/analytics/recent",
} as const;

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

export const reportUrl = (query: RangeQuery) => withQuery(ANALYTICS_API.report, query);

/** The spec's words (§8). */
export const MESSAGES = {
  fetchFailed: "Failed to fetch analytics data",
} as const;
