import { Alert, Button, Center, Group, Loader, SimpleGrid, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useDocumentTitle } from "../../../hooks/useDocumentTitle";
import { downloadCsv } from "../../../lib/download";
import { PageHeader } from "../../components/PageHeader";
import { DEFAULT_RANGE, MESSAGES, type RangeQuery } from "./analyticsApi";
import { analyticsCsv, analyticsFileName } from "./analyticsCsv";
import { CountTable } from "./CountTable";
import { FunnelCards } from "./FunnelCards";
import { RangeSelector } from "./RangeSelector";
import { RecentVisitorsTable } from "./RecentVisitorsTable";
import { COUNT_TABLES, rangeText, rowsOf, type CountTableSpec } from "./reportView";
import { SummaryCards } from "./SummaryCards";
import { DevicesChart, HourlyChart, VisitorsOverTimeChart } from "./TrafficCharts";
import { useAnalytics } from "./useAnalytics";

const tables = (...keys: CountTableSpec["key"][]) => COUNT_TABLES.filter((t) => keys.includes(t.key));

/**
 * /admin/analytics (spec "Admin: Website Analytics"): the four cards, charts of the
 * range and of the last 24 hours, the count tables, the funnels and the recent visitors, for a
 * chosen range; "Export CSV" saves what is shown.
 */
export function AnalyticsPage() {
  useDocumentTitle("Website Analytics");
  const [query, setQuery] = useState<RangeQuery>(DEFAULT_RANGE);
  const analytics = useAnalytics(query);
  const { report, recent } = analytics;

  const exportCsv = () => {
    if (report) downloadCsv(analyticsCsv(report, recent), analyticsFileName(query.range));
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title="Website Analytics"
        subtitle="Page views, visitors, where they come from and what they do. Admin pages are not counted."
        back={{ to: "/admin/dashboard", label: "Back to Dashboard" }}
        actions={
          <>
            <Button variant="default" onClick={() => void analytics.retry()} loading={analytics.refreshing && !analytics.loading}>
              Refresh Data
            </Button>
            <Button variant="light" onClick={exportCsv} disabled={!report}>
              Export CSV
            </Button>
          </>
        }
      />

      <Group justify="space-between" align="flex-end" gap="md">
        <RangeSelector value={query} onChange={setQuery} />
        {report && (
          <Text fz="sm" c="dimmed" aria-live="polite">
            {analytics.switching ? "Loading the new range..." : rangeText(report.range)}
          </Text>
        )}
      </Group>

      {analytics.failed && (
        <Alert color="red" variant="light" role="alert">
          <Group justify="space-between" gap="sm">
            <Text fz="sm">{MESSAGES.fetchFailed}</Text>
            <Button size="compact-sm" variant="default" onClick={() => void analytics.retry()}>
              Retry
            </Button>
          </Group>
        </Alert>
      )}

      {analytics.loading && (
        <Center py={64} role="status">
          <Stack align="center" gap="xs">
            <Loader color="brand" />
            <Text c="dimmed" fz="sm">
              Loading analytics...
            </Text>
          </Stack>
        </Center>
      )}

      {report && (
        <>
          <SummaryCards report={report} />
          <VisitorsOverTimeChart report={report} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
            <HourlyChart report={report} />
            <DevicesChart report={report} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
            {tables("locations", "devices", "browsers", "os").map((t) => (
              <CountTable key={t.key} title={t.title} column={t.column} countHeader={t.countHeader} rows={rowsOf(report, t)} />
            ))}
          </SimpleGrid>
        </>
      )}

      {recent && <RecentVisitorsTable visits={recent} />}

      {report && (
        <>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
            {tables("pages", "referrers", "sources", "campaigns", "events").map((t) => (
              <CountTable key={t.key} title={t.title} column={t.column} countHeader={t.countHeader} rows={rowsOf(report, t)} />
            ))}
          </SimpleGrid>
          <FunnelCards report={report} />
        </>
      )}

      <Text fz="xs" c="dimmed">
        Times are shown in US Eastern time (America/New_York). A visitor is counted once a day, from a daily key that is never kept; IP addresses are stored
        shortened (IPv4 /24, IPv6 /48).
      </Text>
    </Stack>
  );
}
