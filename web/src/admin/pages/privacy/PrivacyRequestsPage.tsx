import { Alert, Badge, Button, Group, Table, Text, Tooltip } from "@mantine/core";
import { useDocumentTitle } from "../../../hooks/useDocumentTitle";
import { formatCount } from "../../../lib/format";
import { privacyRequestsResource, usePrivacyRequestCounts } from "../../api/privacyRequests";
import { CollectionScreen, RefreshDataButton, FilterSelect, useCollectionScreen } from "../../collection";
import { PageHeader } from "../../components/PageHeader";
import { RequestCountCards } from "./RequestCountCards";
import {
  EXPLANATION,
  MESSAGES,
  PAGE_SIZE,
  PAGE_SIZES,
  REQUEST_SORTS,
  STATUS_COLORS,
  STATUS_FILTER,
  STATUS_LABELS,
  easternTime,
  erasedText,
  personPrefix,
  type RequestRow,
} from "./requests";

type Filters = { status: string };
const NO_FILTERS: Filters = { status: "" };

/** /admin/privacy: data-deletion requests with their counts by status, filter, search, sort and pages. */
export function PrivacyRequestsPage() {
  useDocumentTitle("Deletion Requests");
  const counts = usePrivacyRequestCounts();
  const requests = useCollectionScreen<RequestRow, Filters>({
    resource: privacyRequestsResource,
    sorts: REQUEST_SORTS,
    pageSize: PAGE_SIZE,
    filters: NO_FILTERS,
    messages: MESSAGES,
    refreshAlso: () => counts.mutate(),
  });
  const { list, filters, setFilter } = requests;

  // A refused query (4xx) says what was wrong; anything else is the page's own message.
  const loadError = list.error ? (list.error.status >= 400 && list.error.status < 500 && list.error.message) || MESSAGES.loadFailed : null;
  const shownError = loadError || requests.error;

  return (
    <CollectionScreen
      screen={requests}
      header={
        <PageHeader
          title="Deletion Requests"
          subtitle="Requests to erase or download personal data, and what each erased."
          back={{ to: "/admin/dashboard", label: "Back to Dashboard" }}
          actions={<RefreshDataButton list={list} onRefresh={() => void requests.refresh()} />}
        />
      }
      summary={
        <>
          <Text fz="sm" c="dimmed">
            {EXPLANATION}
          </Text>
          <RequestCountCards counts={counts.data} status={filters.status} onStatus={(status) => setFilter("status", status)} />
          {counts.error && !counts.data && (
            <Alert color="red" variant="light" role="alert">
              {counts.error.message || MESSAGES.countsFailed}
            </Alert>
          )}
        </>
      }
      sorts={REQUEST_SORTS}
      search={{ label: "Search Requests", placeholder: "Request id, e-mail address or person hash" }}
      filters={<FilterSelect label="Status" data={STATUS_FILTER} value={filters.status} onChange={(value) => setFilter("status", value)} width={150} />}
      errorAlert={
        shownError && (
          <Alert color="red" variant="light" role="alert">
            <Group justify="space-between" gap="sm">
              <Text fz="sm">{shownError}</Text>
              <Button size="compact-sm" variant="default" onClick={() => void requests.refresh()}>
                Retry
              </Button>
            </Group>
          </Alert>
        )
      }
      table={{
        label: "Deletion requests",
        loadingText: "Loading deletion requests...",
        empty: MESSAGES.empty,
        minWidth: 960,
        pageSizes: PAGE_SIZES,
        columns: [
          { header: "Requested (EST)" },
          { header: "Status" },
          { header: "Person" },
          { header: "Link Valid Until (EST)" },
          { header: "Confirmed (EST)" },
          { header: "Completed (EST)" },
          { header: "Erased" },
          { header: "Downloads", align: "right" },
        ],
        renderRow: (row) => (
          <Table.Tr key={row.id} data-request={row.id}>
            <Table.Td style={{ whiteSpace: "nowrap" }}>{easternTime(row.requestedAt)}</Table.Td>
            <Table.Td>
              <Badge variant="light" color={STATUS_COLORS[row.status]} c="ink.9" data-status={row.status}>
                {STATUS_LABELS[row.status] ?? row.status}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Tooltip label={row.person} withArrow>
                <Text span ff="monospace" fz="sm" data-person={row.person} tabIndex={0}>
                  {personPrefix(row.person)}
                </Text>
              </Tooltip>
            </Table.Td>
            <Table.Td style={{ whiteSpace: "nowrap" }}>{easternTime(row.validUntil)}</Table.Td>
            <Table.Td style={{ whiteSpace: "nowrap" }}>{easternTime(row.confirmedAt)}</Table.Td>
            <Table.Td style={{ whiteSpace: "nowrap" }}>{easternTime(row.completedAt)}</Table.Td>
            <Table.Td>
              <Text fz="sm">{erasedText(row.erased)}</Text>
            </Table.Td>
            <Table.Td ta="right">{formatCount(row.downloads)}</Table.Td>
          </Table.Tr>
        ),
      }}
      footer={
        <Text fz="xs" c="dimmed">
          Times are shown in US Eastern time (America/New_York).
        </Text>
      }
    />
  );
}
