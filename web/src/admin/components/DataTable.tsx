import { ScrollArea, Table, Text } from "@mantine/core";
import type { ReactNode } from "react";

export interface Column {
  header: string;
  width?: number;
  align?: "right";
}

/**
 * The admin lists' table: horizontal scroll, a header row, and the empty message in place of rows.
 * Columns given as `false` are left out, so optional columns read inline.
 */
export function DataTable<T>(props: {
  label: string;
  minWidth: number;
  columns: (Column | false)[];
  rows: T[];
  empty: string;
  renderRow: (row: T, index: number) => ReactNode;
}) {
  const columns = props.columns.filter((c): c is Column => !!c);
  return (
    <ScrollArea>
      <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="sm" miw={props.minWidth} aria-label={props.label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.header} w={c.width} ta={c.align}>
                {c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>
                <Text ta="center" c="dimmed" py="lg">
                  {props.empty}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            props.rows.map(props.renderRow)
          )}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
