import { Button, Group, Pagination, Select, Text } from "@mantine/core";
import { formatCount } from "../../lib/format";

/**
 * "Showing a–b of N" and Mantine pagination, under a server-paginated table; with `pageSizes`, also
 * a Rows per page choice. A list read straight from the table (`steps`) moves a page at a time, with
 * Previous and Next, instead of numbered pages.
 */
export function TablePager({
  page,
  pageSize,
  total,
  onChange,
  steps,
  pageSizes,
  onPageSize,
  filtered,
  truncated,
}: {
  page: number;
  pageSize: number;
  total: number;
  /** the rows of this page when a filter selects them and nothing counts the matches (`total` is the whole list's) */
  filtered?: number;
  /** a search that matched more rows than it shows: say how to narrow it */
  truncated?: boolean;
  onChange: (page: number) => void;
  steps?: { previous?: () => void; next?: () => void };
  pageSizes?: number[];
  onPageSize?: (size: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const summary =
    filtered !== undefined
      ? filtered === 0
        ? `No matches on this page of the ${formatCount(total)} rows`
        : `Showing ${formatCount(filtered)} matching rows of ${formatCount(total)} in all`
      : total === 0
        ? "No results"
        : `Showing ${formatCount(first)}–${formatCount(last)} of ${formatCount(total)}`;
  return (
    <Group justify="space-between" px="md" py="sm" gap="sm">
      <Text fz="sm" c="dimmed">
        {summary}
        {truncated && " (the first matches only: type more of the name to narrow them)"}
      </Text>
      {((pageSizes && onPageSize) || pages > 1 || steps?.previous || steps?.next) && (
        <Group gap="sm" align="flex-end">
          {pageSizes && onPageSize && (
            <Select
              label="Rows per page"
              data={pageSizes.map(String)}
              value={String(pageSize)}
              onChange={(value) => value && onPageSize(Number(value))}
              allowDeselect={false}
              size="xs"
              w={90}
            />
          )}
          {steps
            ? (steps.previous || steps.next) && (
                <Group gap="xs">
                  <Button size="xs" variant="default" onClick={steps.previous} disabled={!steps.previous}>
                    Previous
                  </Button>
                  <Button size="xs" variant="default" onClick={steps.next} disabled={!steps.next}>
                    Next
                  </Button>
                </Group>
              )
            : pages > 1 && <Pagination value={page} onChange={onChange} total={pages} size="sm" siblings={1} boundaries={1} />}
        </Group>
      )}
    </Group>
  );
}
