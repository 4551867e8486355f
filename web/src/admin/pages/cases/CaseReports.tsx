import { Anchor, Button, Card, Checkbox, Code, Group, Table, Text, Title } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router-dom";
import { DataTable } from "../../components/DataTable";
import { statusLabel } from "../../lib/reports";
import { amountText, easternTime, reportLink, scamTypesList, type CaseReport } from "./cases";

/**
 * The case's reports, each linking to its details in the scam reports screen; reports ticked here
 * can be split off into a new case (never all of them: that would be the same case).
 */
export function CaseReports({ reports, busy, onSplit }: { reports: CaseReport[]; busy: boolean; onSplit?: (reportIds: string[]) => void }) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const chosen = reports.filter((r) => selected.has(r.id)).map((r) => r.id);
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const canSplit = !!onSplit && chosen.length > 0 && chosen.length < reports.length;

  return (
    <Card withBorder radius="lg" padding={0} component="section" aria-label="Reports">
      <Group justify="space-between" p="md" pb="xs">
        <Title order={2} fz="sm" c="brand.8" tt="uppercase" lts="0.06em">
          Reports ({reports.length})
        </Title>
        {onSplit && (
          <Button
            size="compact-sm"
            variant="light"
            disabled={!canSplit || busy}
            loading={busy}
            onClick={() => {
              onSplit(chosen);
              setSelected(new Set());
            }}
          >
            Split {chosen.length || ""} selected into a new case
          </Button>
        )}
      </Group>
      <DataTable
        label="Reports of the case"
        minWidth={1000}
        rows={reports}
        empty="No reports"
        columns={[
          !!onSplit && { header: "Select", width: 60 },
          { header: "Reference" },
          { header: "Submitted (EST)" },
          { header: "Status" },
          { header: "State" },
          { header: "Scam Types" },
          { header: "Amount Lost", align: "right" },
          { header: "Publish Consent" },
          { header: "Evidence" },
        ]}
        renderRow={(report) => (
          <Table.Tr key={report.id} data-report-id={report.id}>
            {onSplit && (
              <Table.Td>
                <Checkbox
                  checked={selected.has(report.id)}
                  onChange={(e) => toggle(report.id, e.currentTarget.checked)}
                  aria-label={`Select report ${report.reference}`}
                />
              </Table.Td>
            )}
            <Table.Td style={{ whiteSpace: "nowrap" }}>
              <Anchor component={Link} to={reportLink(report.id)} aria-label={`View details of report ${report.reference}`}>
                <Code fz="xs">{report.reference}</Code>
              </Anchor>
            </Table.Td>
            <Table.Td style={{ whiteSpace: "nowrap" }}>{easternTime(report.createdAt)}</Table.Td>
            <Table.Td>{statusLabel(report.status)}</Table.Td>
            <Table.Td>{report.state || "—"}</Table.Td>
            <Table.Td>{scamTypesList(report.scamTypes)}</Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
              {amountText(report.amountLost)}
            </Table.Td>
            <Table.Td>{report.publishConsent ? "Yes" : "No"}</Table.Td>
            <Table.Td>
              {report.evidence.length === 0
                ? "—"
                : report.evidence.map((file) => (
                    <Text key={file.purpose} fz="sm" style={{ overflowWrap: "anywhere" }}>
                      {file.fileName}
                    </Text>
                  ))}
            </Table.Td>
          </Table.Tr>
        )}
      />
    </Card>
  );
}
