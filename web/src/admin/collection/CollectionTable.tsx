import { Card, Center, Loader, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { DataTable, type Column } from "../components/DataTable";
import { TablePager } from "../components/TablePager";
import type { CollectionState } from "./useCollection";

export interface CollectionTableProps<T> {
  collection: Pick<CollectionState<T, never>, "list" | "page" | "setPage" | "steps" | "pageSize"> & { setPageSize?: (size: number) => void };
  /** the table's accessible name */
  label: string;
  /** "Loading signatures..." */
  loadingText: string;
  /** "No signatures found" */
  empty: string;
  minWidth: number;
  columns: (Column | false)[];
  /** `number` is the row's position in the whole list (1-based), for a "#" column */
  renderRow: (row: T, number: number) => ReactNode;
  /** page sizes to offer under the table (e.g. 10/25/50/100); none: a fixed page size */
  pageSizes?: number[];
  /** the loader is named by its text (for screens whose tests or readers look it up by name) */
  namedLoader?: boolean;
}

/** An admin collection's table: a loader on the first load, then the rows, the empty message and the pager. */
export function CollectionTable<T>({ collection, label, loadingText, empty, minWidth, columns, renderRow, pageSizes, namedLoader }: CollectionTableProps<T>) {
  const { list, page, pageSize } = collection;
  if (list.isLoading) {
    return (
      <Center py={80} role="status" aria-label={namedLoader ? loadingText : undefined}>
        <Stack align="center" gap="xs">
          <Loader color="brand" />
          <Text c="dimmed">{loadingText}</Text>
        </Stack>
      </Center>
    );
  }
  if (!list.data) return null;
  return (
    <Card withBorder padding={0} radius="lg">
      <DataTable
        label={label}
        minWidth={minWidth}
        columns={columns}
        rows={list.items}
        empty={empty}
        renderRow={(row, index) => renderRow(row, (page - 1) * pageSize + index + 1)}
      />
      <TablePager
        page={page}
        pageSize={pageSize}
        total={list.total}
        filtered={list.data.filtered ? list.items.length : undefined}
        truncated={list.data.truncated}
        onChange={collection.setPage}
        steps={collection.steps}
        pageSizes={pageSizes}
        onPageSize={collection.setPageSize}
      />
    </Card>
  );
}
