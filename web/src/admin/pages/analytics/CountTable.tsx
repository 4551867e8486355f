import { Card, ScrollArea, Table, Text, Title } from "@mantine/core";
import { useId } from "react";
import { formatCount } from "../../../lib/format";
import type { Count } from "./analyticsApi";
import { labelText } from "./reportView";

/** One of the report's count lists (locations, devices, pages, ...) as a titled two-column table. */
export function CountTable({ title, column, countHeader, rows }: { title: string; column: string; countHeader: string; rows: Count[] }) {
  const headingId = useId();
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby={headingId}>
      <Title order={2} fz="md" c="ink.9" mb="xs" id={headingId}>
        {title}
      </Title>
      <ScrollArea viewportProps={{ tabIndex: 0 }}>
        <Table verticalSpacing={6} horizontalSpacing="sm" fz="sm" striped aria-label={title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{column}</Table.Th>
              <Table.Th ta="right">{countHeader}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={2}>
                  <Text c="dimmed" fz="sm" ta="center">
                    No data for this range
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              rows.map((row) => (
                <Table.Tr key={row.label}>
                  <Table.Td style={{ overflowWrap: "anywhere" }}>{labelText(row.label)}</Table.Td>
                  <Table.Td ta="right">{formatCount(row.count)}</Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Card>
  );
}
