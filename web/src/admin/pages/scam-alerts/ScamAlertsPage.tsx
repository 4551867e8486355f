import { Alert, Anchor, Badge, Button, Card, Center, Group, Loader, Stack, Table } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router-dom";
import { useDocumentTitle } from "../../../hooks/useDocumentTitle";
import { formatCount } from "../../../lib/format";
import { useScamAlerts } from "../../api/scamAlerts";
import { RefreshDataButton } from "../../collection";
import { DataTable } from "../../components/DataTable";
import { PageHeader } from "../../components/PageHeader";
import { usDate } from "../../lib/reports";
import { caseLink } from "../cases/cases";
import { ALERT_MESSAGES, alertAdminLink, alertPublicLink } from "./alerts";

/** /admin/scam-alerts: the alerts made from cases, published or withdrawn, newest first. */
export function ScamAlertsPage() {
  useDocumentTitle("Scam Alerts");
  // the cursors of the pages before this one, and this page's own (undefined: the first)
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const { data, error, isLoading, isValidating, mutate } = useScamAlerts(cursors.at(-1));
  const alerts = data?.alerts ?? [];
  const next = data?.next;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Scam Alerts"
        subtitle="What the public sees at /scam-alerts, in your words, counted from the reports whose reporters agreed."
        back={{ to: "/admin/cases", label: "Back to Cases" }}
        actions={<RefreshDataButton list={{ isLoading, isValidating }} onRefresh={() => void mutate()} />}
      />
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error.message || ALERT_MESSAGES.listFailed}
        </Alert>
      )}
      {isLoading ? (
        <Center py={60} role="status">
          <Loader color="brand" aria-label="Loading scam alerts" />
        </Center>
      ) : (
        <Card withBorder padding={0} radius="lg">
          <DataTable
            label="Scam alerts"
            minWidth={860}
            rows={alerts}
            empty={ALERT_MESSAGES.empty}
            columns={[
              { header: "Title" },
              { header: "Published" },
              { header: "Public Reports", align: "right" },
              { header: "Last Report" },
              { header: "Case" },
              { header: "Public Page" },
            ]}
            renderRow={(alert) => (
              <Table.Tr key={alert.slug} data-alert={alert.slug}>
                <Table.Td>
                  <Anchor component={Link} to={alertAdminLink(alert.slug)} fw={600}>
                    {alert.title}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={alert.published ? "brand" : "gray"} c="ink.9">
                    {alert.published ? "Published" : "Withdrawn"}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right">{formatCount(alert.stats.reports)}</Table.Td>
                <Table.Td style={{ whiteSpace: "nowrap" }}>{alert.stats.lastReportAt ? usDate(alert.stats.lastReportAt) : "—"}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={caseLink(alert.caseId)}>
                    Open case
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  {alert.published ? (
                    <Anchor href={alertPublicLink(alert.slug)} target="_blank" rel="noopener">
                      /scam-alerts/{alert.slug}
                    </Anchor>
                  ) : (
                    "—"
                  )}
                </Table.Td>
              </Table.Tr>
            )}
          />
          {(cursors.length > 1 || next) && (
            <Group justify="flex-end" gap="sm" p="sm">
              <Button variant="default" size="compact-sm" disabled={cursors.length < 2} onClick={() => setCursors((c) => c.slice(0, -1))}>
                Previous
              </Button>
              <Button variant="default" size="compact-sm" disabled={!next} onClick={() => next && setCursors((c) => [...c, next])}>
                Next
              </Button>
            </Group>
          )}
        </Card>
      )}
    </Stack>
  );
}
