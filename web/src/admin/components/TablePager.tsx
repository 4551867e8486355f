import { Group, Pagination, Text } from "@mantine/core";
import { formatCount } from "../../lib/format";

/** "Showing a–b of N" and Mantine pagination, under a server-paginated table. */
export function TablePager({ page, pageSize, total, onChange }: { page: number; pageSize: number; total: number; onChange: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <Group justify="space-between" px="md" py="sm" gap="sm">
      <Text fz="sm" c="dimmed">
        {total === 0 ? "No results" : `Showing ${formatCount(first)}–${formatCount(last)} of ${formatCount(total)}`}
      </Text>
      {pages > 1 && <Pagination value={page} onChange={onChange} total={pages} size="sm" siblings={1} boundaries={1} />}
    </Group>
  );
}
