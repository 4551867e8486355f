import { readAggregates } from "./aggregates";
import { lastHours, type Bucket } from "./buckets";
import { emptyCounts, mergeInto, type BucketCounts, type Dimension } from "./counts";
import type { AnalyticsQuery } from "./input";
import { resolveRange } from "./range";
import type { AnalyticsReport, LabelCount } from "./report-types";

/** Where a report's numbers come from: the aggregates, or (to check them) a recount of the raw hits. */
export type BucketSource = (buckets: Bucket[], now: Date) => Promise<BucketCounts[]>;

const TOP_LOCATIONS = 10;
const TOP_LISTS = 20;

/** Most first; ties by label, so the order never depends on the read order. */
function ranked(values: Record<string, number>, limit = Infinity): LabelCount[] {
  return Object.entries(values)
    .filter(([, count]) => count > 0)
    .map(([label, count]) => ({ label, count }))
    .sort((a, b) => b.count - a.count || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0))
    .slice(0, limit);
}

/**
 * The dashboard's answer for a range (`GET /api/admin/analytics`): read from the hourly or daily
 * aggregates only (a 30-day range is 30 daily buckets), plus the last 24 hours for the hourly chart.
 */
export async function report(query: AnalyticsQuery, options: { now?: Date; source?: BucketSource } = {}): Promise<AnalyticsReport> {
  const now = options.now ?? new Date();
  const source = options.source ?? readAggregates;
  const range = resolveRange(query, now);
  const hours = lastHours(now, 24);
  const counts = await source([...range.buckets, ...hours], now);
  const inRange = counts.slice(0, range.buckets.length);
  const hourly = counts.slice(range.buckets.length);

  const total = inRange.reduce((sum, c) => mergeInto(sum, c), emptyCounts());
  const dim = (d: Dimension) => total.dims[d];
  const list = (d: Dimension, limit?: number) => ranked(dim(d), limit);
  const locations = list("location", TOP_LOCATIONS);
  const devices = list("device");
  const event = (name: string) => dim("event")[name] ?? 0;

  return {
    range: { from: range.from.toISOString(), to: range.to.toISOString(), bucket: range.bucket },
    totals: { pageviews: total.pageviews, visitors: total.visitors },
    topLocation: locations[0] ?? null,
    topDevice: devices[0] ?? null,
    locations,
    devices,
    browsers: list("browser"),
    os: list("os"),
    pages: list("page", TOP_LISTS),
    referrers: list("referrer", TOP_LISTS),
    sources: list("source", TOP_LISTS),
    campaigns: list("campaign", TOP_LISTS),
    events: list("event"),
    series: range.buckets.map((b, i) => ({
      at: b.start.toISOString(),
      pageviews: inRange[i].pageviews,
      ...(range.bucket === "day" ? { visitors: inRange[i].visitors } : {}),
    })),
    hourly: hours.map((b, i) => ({ at: b.start.toISOString(), pageviews: hourly[i].pageviews })),
    funnels: {
      petition: {
        views: (dim("page")["/petition"] ?? 0) + (dim("page")["/sign/:id"] ?? 0),
        clicks: event("sign_petition_main"),
        signatures: event("signature"),
      },
      report: { started: event("report_started"), submitted: event("report_submitted") },
    },
  };
}
