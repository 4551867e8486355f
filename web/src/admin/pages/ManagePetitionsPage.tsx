import { Alert, Button, Card, Center, Loader, Stack, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { Link } from "react-router-dom";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import type { Petition } from "../../lib/api";
import { adminApi } from "../adminApi";
import { ListToolbar } from "../components/ListToolbar";
import { PageHeader } from "../components/PageHeader";
import { PetitionsTable } from "../components/PetitionsTable";
import { TablePager } from "../components/TablePager";
import { usePetitionActions } from "../components/usePetitionActions";
import { useNotice } from "../hooks/useNotice";
import { usePagedList } from "../hooks/usePagedList";
import { NoticeBanner } from "../components/NoticeBanner";
import { PETITION_SORTS, apiSort, type SortOrder } from "../lib/sorting";

const PAGE_SIZE = 25;
export const SEARCH_DEBOUNCE_MS = 300;
const LOAD_FALLBACK = "Failed to load petitions";

export function ManagePetitionsPage() {
  useDocumentTitle("Manage Petitions");
  const [search, setSearch] = useState("");
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState(PETITION_SORTS[0]!.value);
  const [order, setOrder] = useState<SortOrder>("desc");
  const [page, setPage] = useState(1);
  const notice = useNotice();

  const list = usePagedList<Petition>(
    adminApi.petitions,
    { search: debouncedSearch, sort: apiSort(PETITION_SORTS, sort), order, page, pageSize: PAGE_SIZE },
    { fallbackMessage: LOAD_FALLBACK },
  );

  const actions = usePetitionActions({
    deleteFallback: "Failed to delete item",
    onUpdated: (updated) =>
      list.update((current) => ({ ...current, items: current.items.map((p) => (p.id === updated.id ? { ...p, ...updated } : p)) })),
    onDeleted: (id) => {
      list.update((current) => ({ ...current, items: current.items.filter((p) => p.id !== id), total: Math.max(0, current.total - 1) }));
      notice.success("Petition deleted");
    },
  });

  const refresh = async () => {
    if (!(await list.refresh())) notice.failure("Failed to refresh. Please try again.");
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title="Manage Petitions"
        subtitle="Search, edit goals and remove petitions."
        back={{ to: "/admin/dashboard", label: "Back to Dashboard" }}
        actions={
          <Button component={Link} to="/admin/create-petition">
            Create New Petition
          </Button>
        }
      />
      <Card withBorder radius="lg" padding="md">
        <ListToolbar
          searchLabel="Search Petitions"
          searchPlaceholder="Title, story, goal or signature count"
          search={search}
          onSearch={(value) => {
            setSearch(value);
            setPage(1);
          }}
          sortOptions={PETITION_SORTS}
          sort={sort}
          onSort={(value) => {
            setSort(value);
            setPage(1);
          }}
          order={order}
          onOrder={(value) => {
            setOrder(value);
            setPage(1);
          }}
          onRefresh={() => void refresh()}
          refreshing={list.isValidating && !list.isLoading}
        />
      </Card>
      <NoticeBanner notice={notice.notice} />
      {list.error && (
        <Alert color="red" variant="light" role="alert">
          {list.error.message || LOAD_FALLBACK}
        </Alert>
      )}
      {list.isLoading ? (
        <Center py={80} role="status" aria-label="Loading petitions...">
          <Stack align="center" gap="xs">
            <Loader color="brand" />
            <Text c="dimmed" fz="sm">
              Loading petitions...
            </Text>
          </Stack>
        </Center>
      ) : (
        list.data && (
          <Card withBorder padding={0} radius="lg">
            <PetitionsTable petitions={list.items} showProgress onEdit={actions.edit} onDelete={actions.remove} />
            <TablePager page={page} pageSize={PAGE_SIZE} total={list.total} onChange={setPage} />
          </Card>
        )
      )}
      <Text fz="xs" c="dimmed">
        Times are shown in US Eastern time (America/New_York).
      </Text>
      {actions.dialogs}
    </Stack>
  );
}
