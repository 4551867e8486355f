import { Card, SimpleGrid, Text } from "@mantine/core";
import { formatCount } from "../../../lib/format";
import type { AnalyticsReport } from "./analyticsApi";
import { topText } from "./reportView";

function SummaryCard({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-label={label}>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={700} lts="0.06em">
        {label}
      </Text>
      <Text fz={26} fw={800} c="ink.9" lh={1.2} style={{ overflowWrap: "anywhere" }} data-testid="card-value">
        {value}
      </Text>
      {note && (
        <Text fz="xs" c="dimmed">
          {note}
        </Text>
      )}
    </Card>
  );
}

const viewsNote = (top: { count: number } | null) => (top ? `${formatCount(top.count)} page views` : undefined);

/** The spec's four cards: total visitors (page views), unique visitors, top location, top device. */
export function SummaryCards({ report }: { report: AnalyticsReport }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
      <SummaryCard label="Total visitors" value={formatCount(report.totals.pageviews)} note="page views" />
      <SummaryCard label="Unique visitors" value={formatCount(report.totals.visitors)} note="one per visitor per day" />
      <SummaryCard label="Top location" value={topText(report.topLocation)} note={viewsNote(report.topLocation)} />
      <SummaryCard label="Top device" value={topText(report.topDevice)} note={viewsNote(report.topDevice)} />
    </SimpleGrid>
  );
}
