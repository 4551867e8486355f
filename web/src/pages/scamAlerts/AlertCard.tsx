import { Anchor, Card, Group, Stack, Text, Title } from "@mantine/core";
import { alertPath, type PublicAlert } from "@site/core/alerts/types";
import { Link } from "react-router-dom";
import { ALERT } from "../../content/scam-alerts";
import { AlertIdentifiers, formatDay } from "./alertParts";

/** One alert in the published list or the lookup's answer: its title (to its page), what it names, its count. */
export function AlertCard({ alert }: { alert: PublicAlert }) {
  return (
    <Card withBorder radius="lg" padding="lg" component="article" data-alert-slug={alert.slug}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={3} fz="lg">
            <Anchor component={Link} to={alertPath(alert.slug)} c="ink.9" underline="hover">
              {alert.title}
            </Anchor>
          </Title>
          <Text fw={800} c="red.8" style={{ whiteSpace: "nowrap" }} data-testid="alert-reports">
            {ALERT.reports(alert.stats.reports)}
          </Text>
        </Group>
        <AlertIdentifiers alert={alert} />
        <Text c="ink.7" lineClamp={3}>
          {alert.summary}
        </Text>
        {alert.stats.lastReportAt && (
          <Text c="dimmed" fz="sm">
            {ALERT.lastReport(formatDay(alert.stats.lastReportAt))}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
