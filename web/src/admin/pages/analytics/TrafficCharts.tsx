import "@mantine/charts/styles.layer.css";
import { AreaChart, BarChart, DonutChart } from "@mantine/charts";
import { Card, ColorSwatch, Group, Stack, Text, Title } from "@mantine/core";
import { useId, type ReactNode } from "react";
import { formatCount } from "../../../lib/format";
import type { AnalyticsReport } from "./analyticsApi";
import { bucketLabel, chartSummary, formatRate, hourLabel, labelText, rate } from "./reportView";

/**
 * A chart's card: its heading, the chart, and the chart's numbers in words (described by it, and
 * shown below it), so the chart is never the only way to read them.
 */
function ChartCard({ title, summary, children }: { title: string; summary: string; children: ReactNode }) {
  const headingId = useId();
  const summaryId = useId();
  return (
    <Card withBorder radius="lg" padding="md" component="figure" m={0} aria-labelledby={headingId} aria-describedby={summaryId}>
      <Title order={2} fz="md" c="ink.9" mb="sm" id={headingId}>
        {title}
      </Title>
      {children}
      <Text component="figcaption" id={summaryId} fz="xs" c="dimmed" mt="xs" lineClamp={2} title={summary}>
        {summary}
      </Text>
    </Card>
  );
}

const formatter = (value: number) => formatCount(value);

/** Page views (and unique visitors, when the report has them) per bucket of the range. */
export function VisitorsOverTimeChart({ report }: { report: AnalyticsReport }) {
  const withVisitors = report.series.some((p) => typeof p.visitors === "number");
  const data = report.series.map((p) => ({ label: bucketLabel(p.at, report.range.bucket), pageviews: p.pageviews, visitors: p.visitors ?? 0 }));
  const summary = chartSummary(
    "Page views per " + report.range.bucket,
    data.map((d) => ({ label: d.label, value: d.pageviews })),
  );
  return (
    <ChartCard title="Visitors over time" summary={summary}>
      <AreaChart
        h={260}
        data={data}
        dataKey="label"
        series={[
          { name: "pageviews", label: "Page views", color: "brand.6" },
          ...(withVisitors ? [{ name: "visitors", label: "Unique visitors", color: "gold.6" }] : []),
        ]}
        curveType="monotone"
        withLegend
        valueFormatter={formatter}
        tickLine="x"
        gridAxis="y"
      />
    </ChartCard>
  );
}

/** The last 24 hourly buckets (US Eastern hours). */
export function HourlyChart({ report }: { report: AnalyticsReport }) {
  const data = report.hourly.map((p) => ({ hour: hourLabel(p.at), pageviews: p.pageviews }));
  const summary = chartSummary(
    "Page views per hour (EST), last 24 hours",
    data.map((d) => ({ label: d.hour, value: d.pageviews })),
  );
  return (
    <ChartCard title="Last 24 hours" summary={summary}>
      <BarChart
        h={220}
        data={data}
        dataKey="hour"
        series={[{ name: "pageviews", label: "Page views", color: "brand.6" }]}
        valueFormatter={formatter}
        tickLine="x"
        gridAxis="y"
      />
    </ChartCard>
  );
}

const DEVICE_COLORS = ["brand.6", "gold.6", "ink.4", "red.6", "brand.3"];

/** The devices' shares of the page views, with a legend (the summary below says the same to a screen reader). */
export function DevicesChart({ report }: { report: AnalyticsReport }) {
  const data = report.devices.map((d, i) => ({ name: labelText(d.label), value: d.count, color: DEVICE_COLORS[i % DEVICE_COLORS.length]! }));
  const total = data.reduce((sum, d) => sum + d.value, 0);
  const summary = chartSummary(
    "Page views by device",
    data.map((d) => ({ label: d.name, value: d.value })),
  );
  return (
    <ChartCard title="Device share" summary={summary}>
      {data.length === 0 ? (
        <Text c="dimmed" fz="sm">
          No data for this range
        </Text>
      ) : (
        <Group justify="center" gap="xl">
          <DonutChart data={data} valueFormatter={formatter} />
          <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-hidden>
            {data.map((d) => (
              <Group key={d.name} component="li" gap={8} wrap="nowrap">
                <ColorSwatch color={`var(--mantine-color-${d.color.replace(".", "-")})`} size={12} withShadow={false} />
                <Text fz="sm" c="ink.9">
                  {`${d.name} ${formatRate(rate(d.value, total))}`}
                </Text>
              </Group>
            ))}
          </Stack>
        </Group>
      )}
    </ChartCard>
  );
}
