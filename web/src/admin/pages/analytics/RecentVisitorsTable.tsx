import { Card, Table, Title } from "@mantine/core";
import { useId } from "react";
import { formatDateTimeNY } from "../../../lib/format";
import { DataTable } from "../../components/DataTable";
import type { RecentVisit } from "./analyticsApi";
import { labelText } from "./reportView";

/** The 10 latest page views, newest first; IPs arrive truncated (IPv4 /24, IPv6 /48). */
export function RecentVisitorsTable({ visits }: { visits: RecentVisit[] }) {
  const headingId = useId();
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby={headingId}>
      <Title order={2} fz="md" c="ink.9" mb="xs" id={headingId}>
        Recent visitors
      </Title>
      <DataTable
        label="Recent visitors"
        minWidth={820}
        columns={[
          { header: "Visited (EST)" },
          { header: "IP (truncated)" },
          { header: "Location" },
          { header: "Device" },
          { header: "Browser" },
          { header: "OS" },
          { header: "Page" },
        ]}
        rows={visits}
        empty="No visitors yet"
        renderRow={(visit, i) => (
          <Table.Tr key={`${visit.at}-${i}`}>
            <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDateTimeNY(visit.at)}</Table.Td>
            <Table.Td ff="monospace">{visit.ip || "N/A"}</Table.Td>
            <Table.Td>{labelText(visit.location)}</Table.Td>
            <Table.Td>{labelText(visit.device)}</Table.Td>
            <Table.Td>{labelText(visit.browser)}</Table.Td>
            <Table.Td>{labelText(visit.os)}</Table.Td>
            <Table.Td style={{ overflowWrap: "anywhere" }}>{visit.path}</Table.Td>
          </Table.Tr>
        )}
      />
    </Card>
  );
}
