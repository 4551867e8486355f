import { Alert, Badge, Button, Group, Select, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router-dom";
import useSWR from "swr";
import { useDocumentTitle } from "../../../hooks/useDocumentTitle";
import type { ApiError } from "../../../lib/api";
import { downloadCsv } from "../../../lib/download";
import { adminRequest } from "../../adminApi";
import { CollectionErrorAlert, CollectionTable, CollectionToolbarCard, RefreshDataButton, useCollection, useCollectionExport, useDeleteOne } from "../../collection";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { NoticeBanner } from "../../components/NoticeBanner";
import { OperationProgressBar } from "../../components/OperationProgressBar";
import { PageHeader } from "../../components/PageHeader";
import { useNotice } from "../../hooks/useNotice";
import { SubscriberCountCards } from "./SubscriberCountCards";
import { SubscriberDetailsDialog } from "./SubscriberDetailsDialog";
import {
  MESSAGES,
  NEWSLETTER_API,
  PAGE_SIZE,
  PAGE_SIZES,
  SOURCE_FILTER,
  STATUS_COLORS,
  STATUS_FILTER,
  STATUS_LABELS,
  SUBSCRIBER_SORTS,
  easternTime,
  sourceKindsText,
  subscribersCsv,
  subscribersFileName,
  type SubscriberCounts,
  type SubscriberRow,
} from "./subscribers";
import { useUnsubscribeOne } from "./useUnsubscribeOne";

type Filters = { status: string; source: string };
const NO_FILTERS: Filters = { status: "", source: "" };

/** /admin/newsletter: the subscribers with their counts, filters, export, unsubscribe and delete. */
export function SubscribersPage() {
  useDocumentTitle("Newsletter Subscribers");
  const subscribers = useCollection<SubscriberRow, Filters>({
    path: NEWSLETTER_API.subscribers,
    sorts: SUBSCRIBER_SORTS,
    pageSize: PAGE_SIZE,
    filters: NO_FILTERS,
    fallbackMessage: MESSAGES.loadFailed,
  });
  const { list, hasRows, filters, setFilter } = subscribers;
  const counts = useSWR<SubscriberCounts, ApiError>(NEWSLETTER_API.summary, (url: string) => adminRequest<SubscriberCounts>(url, { fallbackMessage: MESSAGES.countsFailed }), {
    revalidateOnFocus: false,
  });
  const [error, setError] = useState<string | null>(null);
  const [viewing, setViewing] = useState<SubscriberRow | null>(null);
  const notice = useNotice();

  const unsubscribe = useUnsubscribeOne(list, {
    onDone: (row, message) => {
      if (viewing?.id === row.id) setViewing(row);
      notice.success(message);
      void counts.mutate();
    },
    onFailed: setError,
  });
  const deleteOne = useDeleteOne(list, (row: SubscriberRow) => NEWSLETTER_API.subscriber(row.id), {
    fallbackMessage: MESSAGES.deleteFailed,
    onDone: (row) => {
      if (viewing?.id === row.id) setViewing(null);
      notice.success(MESSAGES.deleted);
      void counts.mutate();
    },
    onFailed: setError,
  });
  const exporter = useCollectionExport<SubscriberRow>(NEWSLETTER_API.export, subscribers.query, { fallbackMessage: MESSAGES.exportFailed });

  const refresh = async () => {
    setError(null);
    const [listed] = await Promise.all([list.refresh(), counts.mutate()]);
    if (!listed) setError(MESSAGES.refreshFailed);
  };

  const exportCsv = async () => {
    setError(null);
    const rows = await exporter.exportAll();
    if (rows) downloadCsv(subscribersCsv(rows), subscribersFileName());
  };

  const shownError = error || exporter.error || (list.error ? list.error.message || MESSAGES.loadFailed : null);

  return (
    <Stack gap="lg">
      <PageHeader
        title="Newsletter"
        subtitle="Subscribers, their consents, and who has confirmed or left."
        back={{ to: "/admin/dashboard", label: "Back to Dashboard" }}
        actions={
          <>
            <RefreshDataButton list={list} onRefresh={() => void refresh()} />
            <Button variant="light" onClick={() => void exportCsv()} disabled={!hasRows || exporter.running} loading={exporter.running}>
              Export CSV
            </Button>
            <Button component={Link} to="/admin/newsletter/suppressions" variant="default">
              Suppressed
            </Button>
            <Button component={Link} to="/admin/newsletter/issues">
              Issues
            </Button>
          </>
        }
      />

      <SubscriberCountCards
        counts={counts.data}
        status={filters.status}
        source={filters.source}
        onStatus={(status) => setFilter("status", status)}
        onSource={(source) => setFilter("source", source)}
      />
      {counts.error && !counts.data && (
        <Alert color="red" variant="light" role="alert">
          {counts.error.message || MESSAGES.countsFailed}
        </Alert>
      )}

      <CollectionToolbarCard collection={subscribers} sorts={SUBSCRIBER_SORTS} searchLabel="Search Subscribers" searchPlaceholder="E-mail or name">
        <Select label="Status" data={STATUS_FILTER} value={filters.status} onChange={(value) => setFilter("status", value ?? "")} allowDeselect={false} size="sm" w={{ base: "100%", xs: 150 }} />
        <Select label="Source" data={SOURCE_FILTER} value={filters.source} onChange={(value) => setFilter("source", value ?? "")} allowDeselect={false} size="sm" w={{ base: "100%", xs: 160 }} />
      </CollectionToolbarCard>

      <NoticeBanner notice={notice.notice} onClose={notice.clear} />
      {exporter.running && <OperationProgressBar label="Exporting subscribers" progress={exporter.progress} percent={exporter.percent} unit="subscribers" />}
      <CollectionErrorAlert
        message={shownError}
        onClose={() => {
          setError(null);
          exporter.reset();
        }}
      />

      <CollectionTable
        collection={subscribers}
        label="Newsletter subscribers"
        loadingText="Loading subscribers..."
        empty={MESSAGES.empty}
        minWidth={1000}
        pageSizes={PAGE_SIZES}
        columns={[
          { header: "Email" },
          { header: "Name" },
          { header: "Status" },
          { header: "Sources" },
          { header: "Latest Consent (EST)" },
          { header: "Confirmed (EST)" },
          { header: "Actions", align: "right" },
        ]}
        renderRow={(row) => (
          <Table.Tr key={row.id} data-subscriber={row.id}>
            <Table.Td fw={600} style={{ wordBreak: "break-all" }}>
              {row.email}
            </Table.Td>
            <Table.Td>{row.name || "N/A"}</Table.Td>
            <Table.Td>
              <Badge variant="light" color={STATUS_COLORS[row.status]} c="ink.9" data-status={row.status}>
                {STATUS_LABELS[row.status] ?? row.status}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Text fz="sm">{sourceKindsText(row) || row.sources}</Text>
            </Table.Td>
            <Table.Td style={{ whiteSpace: "nowrap" }}>{easternTime(row.lastConsentAt)}</Table.Td>
            <Table.Td style={{ whiteSpace: "nowrap" }}>{easternTime(row.confirmedAt)}</Table.Td>
            <Table.Td>
              <Group gap={6} justify="flex-end" wrap="nowrap">
                <Button size="compact-sm" variant="light" onClick={() => setViewing(row)} aria-label={`View details of ${row.email}`}>
                  View Details
                </Button>
                <Button
                  size="compact-sm"
                  variant="default"
                  disabled={row.status === "unsubscribed"}
                  onClick={() => unsubscribe.ask(row)}
                  aria-label={`Unsubscribe ${row.email}`}
                >
                  Unsubscribe
                </Button>
                <Button size="compact-sm" variant="light" color="red" onClick={() => deleteOne.ask(row)} aria-label={`Delete ${row.email}`}>
                  Delete
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        )}
      />
      <Text fz="xs" c="dimmed">
        Times are shown in US Eastern time (America/New_York). Unconfirmed subscribers are removed 30 days after their latest consent.
      </Text>

      <SubscriberDetailsDialog row={viewing} onClose={() => setViewing(null)} onUnsubscribe={unsubscribe.ask} onDelete={deleteOne.ask} />
      <ConfirmDialog
        opened={!!unsubscribe.target}
        title={MESSAGES.unsubscribeTitle}
        message={unsubscribe.target ? MESSAGES.unsubscribe(unsubscribe.target.email) : ""}
        confirmLabel="Unsubscribe"
        busy={unsubscribe.busy}
        onConfirm={() => void unsubscribe.confirm()}
        onClose={unsubscribe.cancel}
      />
      <ConfirmDialog
        opened={!!deleteOne.target}
        title={MESSAGES.deleteTitle}
        message={MESSAGES.deleteOne}
        busy={deleteOne.busy}
        onConfirm={() => void deleteOne.confirm()}
        onClose={deleteOne.cancel}
      />
    </Stack>
  );
}
