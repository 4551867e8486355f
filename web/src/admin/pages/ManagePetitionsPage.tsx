import { Alert, Button, Text } from "@mantine/core";
import { Link } from "react-router-dom";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import type { Petition } from "../../lib/api";
import { petitionsResource } from "../api/petitions";
import { CollectionScreen, useCollectionScreen } from "../collection";
import { NoticeBanner } from "../components/NoticeBanner";
import { PageHeader } from "../components/PageHeader";
import { petitionsTable } from "../components/PetitionsTable";
import { usePetitionActions } from "../components/usePetitionActions";
import { useNotice } from "../hooks/useNotice";
import { PETITION_SORTS } from "../lib/sorting";

export { SEARCH_DEBOUNCE_MS } from "../collection";

const PAGE_SIZE = 25;
const MESSAGES = { loadFailed: "Failed to load petitions", refreshFailed: "Failed to refresh. Please try again." };

export function ManagePetitionsPage() {
  useDocumentTitle("Manage Petitions");
  const notice = useNotice();
  const petitions = useCollectionScreen<Petition>({
    resource: petitionsResource,
    sorts: PETITION_SORTS,
    pageSize: PAGE_SIZE,
    messages: MESSAGES,
    onRefreshFailed: notice.failure,
  });
  const { list } = petitions;

  const actions = usePetitionActions({
    deleteFallback: "Failed to delete item",
    onUpdated: (updated) => list.update((current) => ({ ...current, items: current.items.map((p) => (p.id === updated.id ? { ...p, ...updated } : p)) })),
    onDeleted: (id) => {
      list.update((current) => ({ ...current, items: current.items.filter((p) => p.id !== id), total: Math.max(0, current.total - 1) }));
      notice.success("Petition deleted");
    },
  });

  return (
    <CollectionScreen
      screen={petitions}
      header={
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
      }
      sorts={PETITION_SORTS}
      search={{ label: "Search Petitions", placeholder: "Title, story, goal or signature count" }}
      toolbarRefresh
      notices={<NoticeBanner notice={notice.notice} />}
      errorAlert={
        list.error ? (
          <Alert color="red" variant="light" role="alert">
            {list.error.message || MESSAGES.loadFailed}
          </Alert>
        ) : null
      }
      table={{ ...petitionsTable({ showProgress: true, onEdit: actions.edit, onDelete: actions.remove }), namedLoader: true }}
      footer={
        <Text fz="xs" c="dimmed">
          Times are shown in US Eastern time (America/New_York).
        </Text>
      }
      dialogs={actions.dialogs}
    />
  );
}
