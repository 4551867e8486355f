import { Alert, Badge, Button, Group, Select, Stack, Table, Text, Tooltip } from "@mantine/core";
import { useState } from "react";
import useSWR from "swr";
import { useDocumentTitle } from "../../../hooks/useDocumentTitle";
import type { ApiError } from "../../../lib/api";
import { formatCount } from "../../../lib/format";
import { adminRequest } from "../../adminApi";
import { CollectionTable, CollectionToolbarCard, RefreshDataButton, useCollection } from "../../collection";
import { PageHeader } from "../../components/PageHeader";
import { RequestCountCards } from "./RequestCountCards";
import {
  EXPLANATION,
  MESSAGES,
  PAGE_SIZE,
  PAGE_SIZES,
  PRIVACY_API,
  REQUEST_SORTS,
  STATUS_COLORS,
  STATUS_FILTER,
  STATUS_LABELS,
  easternTime,
  erasedText,
  personPrefix,
  type RequestCounts,
  type RequestRow,
} from "./requests";

type Filters = { status: string };
const NO_FILTERS: Filters = { status: "" };

/** /admin/privacy: data-deletion requests with their counts by status, filter, search, sort and pages. */
export function PrivacyRequestsPage() {
  useDocumentTitle("Deletion Requests");
  const requests = useCollection<RequestRow, Filters>({
    path: PRIVACY_API.requests,
    sorts: REQUEST_SORTS,
    pageSize: PAGE_SIZE,
    filters: NO_FILTERS,
    fallbackMessage: MESSAGES.loadFailed,
  });
  const { list, filters, setFilter } = requests;
  const counts = useSWR<RequestCounts, ApiError>(PRIVACY_API.summary, (url: string) => adminRequest<RequestCounts>(url, { fallbackMessage: MESSAGES.countsFailed }), {
    revalidateOnFocus: false,
  });
  const [error, setError] = useState<string | null>(null);

  const refresh = async () => {
    setError(null);
    const [listed] = await Promise.all([list.refresh(), counts.mutate()]);
    if (!listed) setError(MESSAGES.refreshFailed);
  };

  // A refused query (4xx) says what was wrong; anything else is the page's own message.
  const loadError = list.error ? (list.error.status >= 400 && list.error.status < 500 && list.error.message) || MESSAGES.loadFailed : null;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Deletion Requests"
        subtitle="Requests to erase or download personal data, and what each erased."
        back={{ to: "/admin/dashboard", label: "Back to Dashboard" }}
        actions={
          <RefreshDataButton list={list} onRefresh={() => void refresh()} />
        }
      />
      <Text fz="sm" c="dimmed">
        {EXPLANATION}
      </Text>

      <RequestCountCards counts={counts.data} status={filters.status} onStatus={(status) => setFilter("status", status)} />
      {counts.error && !counts.data && (
        <Alert color="red" variant="light" role="alert">
          {counts.error.message || MESSAGES.countsFailed}
        </Alert>
      )}

      <CollectionToolbarCard collection={requests} sorts={REQUEST_SORTS} searchLabel="Search Requests" searchPlaceholder="Request id or person hash">
        <Select label="Status" data={STATUS_FILTER} value={filters.status} onChange={(value) => setFilter("status", value ?? "")} allowDeselect={false} size="sm" w={{ base: "100%", xs: 150 }} />
      </CollectionToolbarCard>

      {(loadError || error) && (
        <Alert color="red" variant="light" role="alert">
          <Group justify="space-between" gap="sm">
            <Text fz="sm">{loadError || error}</Text>
            <Button size="compact-sm" variant="default" onClick={() => void refresh()}>
              Retry
            </Button>
          </Group>
        </Alert>
      )}

      <CollectionTable
        collection={requests}
        label="Deletion requests"
        loadingText="Loading deletion requests..."
        empty={MESSAGES.empty}
        minWidth={1100}
        pageSizes={PAGE_SIZES}
        columns={[
          { header: "Requested (EST)" },
          { header: "Status" },
          { header: "Person" },
          { header: "Link Valid Until (EST)" },
          { header: "Confirmed (EST)" },
          { header: "Completed (EST)" },
          { header: "Erased" },
          { header: "Downloads", align: "right" },
        ]}
        renderRow={(row) => (
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
        )}
      />
      <Text fz="xs" c="dimmed">
        Times are shown in US Eastern time (America/New_York).
      </Text>
    </Stack>
  );
}
