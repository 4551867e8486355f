import { toCsv } from "@site/core/util/csv";
import { formatDateTimeNY } from "../../../lib/format";
import type { AnalyticsReport, RecentVisit } from "./analyticsApi";
import { COUNT_TABLES, bucketLabel, funnelsOf, labelText, rowsOf, topText } from "./reportView";
import { datedFileName } from "../../lib/files";

/** One section of the file: its title on a line of its own, then a header and rows. */
const section = (title: string, header: string[], rows: unknown[][]) => `${toCsv([title], [])}${toCsv(header, rows)}`;

const percent = (value: number | null) => (value === null ? "" : value.toFixed(1));

/**
 * "Export CSV": everything the page shows, as one file of sections separated by a blank line
 * (summary, visitors over time, the last 24 hours, each count table, the funnels, the recent
 * visitors). Times are given in UTC (ISO) and US Eastern.
 */
export function analyticsCsv(report: AnalyticsReport, recent: readonly RecentVisit[] = []): string {
  const { range, totals } = report;
  const sections = [
    section("Website analytics", ["From (UTC)", "To (UTC)", "Bucket"], [[range.from, range.to, range.bucket]]),
    section(
      "Summary",
      ["Metric", "Value"],
      [
        ["Total visitors (page views)", totals.pageviews],
        ["Unique visitors", totals.visitors],
        ["Top location", topText(report.topLocation)],
        ["Top device", topText(report.topDevice)],
      ],
    ),
    section(
      "Visitors over time",
      ["Bucket start (UTC)", "Bucket (EST)", "Page views", "Unique visitors"],
      report.series.map((p) => [p.at, bucketLabel(p.at, range.bucket), p.pageviews, p.visitors ?? ""]),
    ),
    section(
      "Last 24 hours",
      ["Hour start (UTC)", "Hour (EST)", "Page views"],
      report.hourly.map((p) => [p.at, formatDateTimeNY(p.at), p.pageviews]),
    ),
    ...COUNT_TABLES.map((table) =>
      section(
        table.title,
        [table.column, table.countHeader],
        rowsOf(report, table).map((row) => [labelText(row.label), row.count]),
      ),
    ),
    section(
      "Funnels",
      ["Funnel", "Step", "Count", "% of previous step", "% of first step"],
      funnelsOf(report).flatMap((f) => f.steps.map((s) => [f.title, s.label, s.count, percent(s.fromPrevious), percent(s.fromFirst)])),
    ),
    section(
      "Recent visitors",
      ["Time (UTC)", "Time (EST)", "IP (truncated)", "Location", "Device", "Browser", "OS", "Page"],
      recent.map((v) => [v.at, formatDateTimeNY(v.at), v.ip, v.location, v.device, v.browser, v.os, v.path]),
    ),
  ];
  return sections.join("\r\n");
}

/** analytics-{range}-{YYYY-MM-DD}.csv for the (local) current date. */
export function analyticsFileName(range: string, now: Date = new Date()): string {
  return datedFileName(`analytics-${range}`, "csv", now);
}
