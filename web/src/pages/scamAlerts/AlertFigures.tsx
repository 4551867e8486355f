import { SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { AMOUNT_RANGES, type AlertStats } from "@site/core/alerts/types";
import { US_STATES } from "@site/core/place/us-states";
import { SCAM_TYPE_LABELS } from "@site/core/report/catalogue";
import { ALERT, AMOUNT_LABELS } from "../../content/scam-alerts";
import { formatDay } from "./alertParts";
import classes from "./ScamAlerts.module.css";

const mostFirst = (counts: Record<string, number>) => Object.entries(counts).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));

function CountList({ title, rows }: { title: string; rows: [string, number][] }) {
  if (!rows.length) return null;
  return (
    <Stack gap={6}>
      <Title order={3} fz="md" c="ink.9">
        {title}
      </Title>
      <ul className={classes.counts}>
        {rows.map(([label, n]) => (
          <li key={label}>
            <Text span c="ink.8">
              {label}: <strong>{n}</strong>
            </Text>
          </li>
        ))}
      </ul>
    </Stack>
  );
}

/** What owners reported: scam types, states, amounts lost in ranges, first and last report. */
export function AlertFigures({ stats }: { stats: AlertStats }) {
  if (stats.reports === 0) return <Text c="ink.7">{ALERT.noFigures}</Text>;
  const types = mostFirst(stats.scamTypes).map(([type, n]): [string, number] => [SCAM_TYPE_LABELS[type as keyof typeof SCAM_TYPE_LABELS] ?? type, n]);
  const states = mostFirst(stats.states).map(([code, n]): [string, number] => [US_STATES[code as keyof typeof US_STATES] ?? code, n]);
  const amounts = AMOUNT_RANGES.filter((r) => stats.amountRanges[r] > 0).map((r): [string, number] => [AMOUNT_LABELS[r] ?? r, stats.amountRanges[r]]);
  return (
    <Stack gap="lg">
      {stats.firstReportAt && stats.lastReportAt && (
        <Text c="ink.8" data-testid="alert-period">
          {ALERT.firstLast(formatDay(stats.firstReportAt), formatDay(stats.lastReportAt))}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        <CountList title={ALERT.scamTypes} rows={types} />
        <CountList title={ALERT.states} rows={states} />
        <CountList title={ALERT.amounts} rows={amounts} />
      </SimpleGrid>
    </Stack>
  );
}
