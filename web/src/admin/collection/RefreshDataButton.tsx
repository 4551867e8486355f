import { Button } from "@mantine/core";
import type { PagedList } from "../api/usePagedList";

/** The page header's "Refresh Data" button, busy while the list reloads (not on its first load). */
export function RefreshDataButton({ list, onRefresh }: { list: Pick<PagedList<unknown>, "isValidating" | "isLoading">; onRefresh: () => void }) {
  return (
    <Button variant="default" onClick={onRefresh} loading={list.isValidating && !list.isLoading}>
      Refresh Data
    </Button>
  );
}
