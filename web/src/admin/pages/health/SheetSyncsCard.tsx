import { Badge, Table, Text } from "@mantine/core";
import { formatCount, formatDateTimeNY } from "../../../lib/format";
import { DataTable } from "../../components/DataTable";
import { HealthSection } from "./HealthSection";
import { MESSAGES, type SheetSync } from "./health";

const COLUMNS = [{ header: "Tab", width: 200 }, { header: "When", width: 190 }, { header: "Status", width: 130 }, { header: "Rows or error" }];

/** Each spreadsheet tab's last sync: when it finished or failed, and how many rows it wrote or why it failed. */
export function SheetSyncsCard({ syncs }: { syncs: SheetSync[] }) {
  return (
    <HealthSection title="Spreadsheet syncs">
      <DataTable
        label="Last sync of each tab"
        minWidth={700}
        columns={COLUMNS}
        rows={syncs}
        empty={MESSAGES.noSheetSyncs}
        renderRow={(sync) => (
          <Table.Tr key={sync.tab} data-tab={sync.tab}>
            <Table.Td>{sync.tab}</Table.Td>
            <Table.Td>{formatDateTimeNY(sync.at)}</Table.Td>
            <Table.Td>
              <Badge color={sync.status === "succeeded" ? "green" : "red"} variant="light" tt="none">
                {sync.status === "succeeded" ? "Succeeded" : "Failed"}
              </Badge>
            </Table.Td>
            <Table.Td>
              {sync.status === "failed" ? (
                <Text fz="sm" c="red.8" style={{ wordBreak: "break-word" }}>
                  {sync.error ?? "No error was recorded"}
                </Text>
              ) : (
                <Text fz="sm">{sync.rows === undefined ? "—" : `${formatCount(sync.rows)} ${sync.rows === 1 ? "row" : "rows"}`}</Text>
              )}
            </Table.Td>
          </Table.Tr>
        )}
      />
    </HealthSection>
  );
}
