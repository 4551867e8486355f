import { formatCount, formatDateTimeNY } from "../../../lib/format";
import { TIME_ZONE } from "../../../site";
import type { AnalyticsReport } from "./analyticsApi";

/** What the page shows of a report, in words and numbers: its tables, funnels, chart labels and summaries. */

export interface FunnelStep {
  label: string;
  count: number;
  /** share of the previous step, in percent; null on the first step or when the previous is 0 */
  fromPrevious: number | null;
  /** share of the first step, in percent; null on the first step or when the first is 0 */
  fromFirst: number | null;
}

export interface Funnel {
  title: string;
  steps: FunnelStep[];
}

/** count / of, in percent; null when there is nothing to divide by. */
export function rate(count: number, of: number): number | null {
  return of > 0 ? (count / of) * 100 : null;
}

export const formatRate = (value: number | null) => (value === null ? "—" : `${value.toFixed(1)}%`);

function funnel(title: string, steps: { label: string; count: number }[]): Funnel {
  const first = steps[0]?.count ?? 0;
  return {
    title,
    steps: steps.map((step, i) => ({
      ...step,
      fromPrevious: i === 0 ? null : rate(step.count, steps[i - 1]!.count),
      fromFirst: i === 0 ? null : rate(step.count, first),
    })),
  };
}

/** The two conversion funnels: petition page view → sign button → signature; report started → submitted. */
export function funnelsOf(report: AnalyticsReport): Funnel[] {
  const { petition, report: reports } = report.funnels;
  return [
    funnel("Petition", [
      { label: "Petition page views", count: petition.views },
      { label: "Sign button clicks", count: petition.clicks },
      { label: "Signatures", count: petition.signatures },
    ]),
    funnel("Scam report", [
      { label: "Reports started", count: reports.started },
      { label: "Reports submitted", count: reports.submitted },
    ]),
  ];
}

const hourFormat = new Intl.DateTimeFormat("en-GB", { timeZone: TIME_ZONE, hour: "2-digit", minute: "2-digit", hour12: false });
const dayFormat = new Intl.DateTimeFormat("en-US", { timeZone: TIME_ZONE, month: "2-digit", day: "2-digit" });
const HALF_DAY_MS = 12 * 3600 * 1000;

/** "HH:mm" (US Eastern) of an hourly bucket. */
export const hourLabel = (at: string) => hourFormat.format(new Date(at));

/**
 * A bucket's label on the time axis: "MM/DD HH:mm" for hours, "MM/DD" for days (US Eastern). A day
 * bucket starts at midnight, UTC or Eastern; its middle names the same date in both.
 */
export function bucketLabel(at: string, bucket: "hour" | "day"): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return at;
  if (bucket === "day") return dayFormat.format(new Date(date.getTime() + HALF_DAY_MS));
  return `${dayFormat.format(date)} ${hourFormat.format(date)}`;
}

/** The text alternative of a chart: every point's label and value. */
export function chartSummary(title: string, points: { label: string; value: number }[]): string {
  if (points.length === 0) return `${title}: no data`;
  const total = points.reduce((sum, p) => sum + p.value, 0);
  return `${title}, ${points.length} values, total ${formatCount(total)}: ${points.map((p) => `${p.label} ${formatCount(p.value)}`).join("; ")}`;
}

/** A count's label as shown (the server may not know a visitor's location or browser). */
export const labelText = (label: string) => label || "Unknown";

/** A top card's value: its label, "—" when the range has no page views. */
export const topText = (top: { label: string } | null) => (top ? labelText(top.label) : "—");

/** The range's first and last instants as US Eastern "MM/DD/YYYY HH:mm". */
export const rangeText = (range: AnalyticsReport["range"]) => `${formatDateTimeNY(range.from)} – ${formatDateTimeNY(range.to)} (EST)`;

type CountList = "locations" | "devices" | "browsers" | "os" | "pages" | "referrers" | "sources" | "campaigns" | "events";

/** The report's count tables, in the page's order; the CSV export lists the same. */
export const COUNT_TABLES: { key: CountList; title: string; column: string; countHeader: string; limit?: number }[] = [
  { key: "locations", title: "Top locations", column: "Location", countHeader: "Page views", limit: 5 },
  { key: "devices", title: "Devices", column: "Device", countHeader: "Page views" },
  { key: "browsers", title: "Browsers", column: "Browser", countHeader: "Page views" },
  { key: "os", title: "Operating systems", column: "Operating system", countHeader: "Page views" },
  { key: "pages", title: "Top pages", column: "Page", countHeader: "Page views" },
  { key: "referrers", title: "Referrers", column: "Referrer", countHeader: "Page views" },
  { key: "sources", title: "UTM sources", column: "Source", countHeader: "Page views" },
  { key: "campaigns", title: "UTM campaigns", column: "Campaign", countHeader: "Page views" },
  { key: "events", title: "Events", column: "Event", countHeader: "Count" },
];

export type CountTableSpec = (typeof COUNT_TABLES)[number];

/** A table's rows as shown: the report's order, cut to the table's limit. */
export const rowsOf = (report: AnalyticsReport, table: CountTableSpec) => (table.limit ? report[table.key].slice(0, table.limit) : report[table.key]);
