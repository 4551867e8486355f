import { Card, Group, Progress, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useId } from "react";
import { formatCount } from "../../../lib/format";
import type { AnalyticsReport } from "./analyticsApi";
import { formatRate, funnelsOf, type Funnel } from "./reportView";

function FunnelCard({ funnel }: { funnel: Funnel }) {
  const headingId = useId();
  const first = funnel.steps[0]?.count ?? 0;
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby={headingId} data-funnel={funnel.title}>
      <Title order={2} fz="md" c="ink.9" mb="sm" id={headingId}>
        {`${funnel.title} funnel`}
      </Title>
      <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: "none" }}>
        {funnel.steps.map((step, i) => (
          <li key={step.label} data-step={step.label}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text fz="sm" fw={600} c="ink.9">
                {`${i + 1}. ${step.label}`}
              </Text>
              <Text fz="sm" fw={700} c="ink.9" data-testid="step-count">
                {formatCount(step.count)}
              </Text>
            </Group>
            <Progress value={first > 0 ? Math.min(100, (step.count / first) * 100) : 0} color="brand.6" size="sm" mt={4} aria-hidden />
            {i > 0 && (
              <Text fz="xs" c="dimmed" mt={2} data-testid="step-rates">
                {`${formatRate(step.fromPrevious)} of the previous step${i > 1 ? ` · ${formatRate(step.fromFirst)} of the first` : ""}`}
              </Text>
            )}
          </li>
        ))}
      </Stack>
    </Card>
  );
}

/** The conversion funnels, each step with its count and its share of the previous and first steps. */
export function FunnelCards({ report }: { report: AnalyticsReport }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
      {funnelsOf(report).map((funnel) => (
        <FunnelCard key={funnel.title} funnel={funnel} />
      ))}
    </SimpleGrid>
  );
}
