import { Alert, Badge, Button, Group, Table, Text } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router-dom";
import { useDocumentTitle } from "../../../hooks/useDocumentTitle";
import { subscribersResource, useSubscriberCounts } from "../../api/subscribers";
import { CollectionScreen, RefreshDataButton, FilterSelect, useCollectionScreen } from "../../collection";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { NoticeBanner } from "../../components/NoticeBanner";
import { PageHeader } from "../../components/PageHeader";
import { useNotice } from "../../hooks/useNotice";
import { SubscriberCountCards } from "./SubscriberCountCards";
import { SubscriberDetailsDialog } from "./SubscriberDetailsDialog";
import {
  MESSAGES,
  PAGE_SIZE,
  PAGE_SIZES,
  SOURCE_FILTER,
  STATUS_COLORS,
  STATUS_FILTER,
  STATUS_LABELS,
  SUBSCRIBER_SORTS,
  easternTime,
  sourceKindsText,
  subscribersFileName,
  type SubscriberRow,
} from "./subscribers";
import { useUnsubscribeOne } from "./useUnsubscribeOne";

type Filters = { status: string; source: string };
const NO_FILTERS: Filters = { status: "", source: "" };

/** /admin/newsletter: the subscribers with their counts, filters, export, unsubscribe and delete. */
export function SubscribersPage() {
  useDocumentTitle("Newsletter Subscribers");
  const counts = useSubscriberCounts();
  const [viewing, setViewing] = useState<SubscriberRow | null>(null);
  const notice = useNotice();
  const subscribers = useCollectionScreen<SubscriberRow, Filters>({
    resource: subscribersResource,
    sorts: SUBSCRIBER_SORTS,
    pageSize: PAGE_SIZE,
    filters: NO_FILTERS,
    messages: MESSAGES,
    refreshAlso: () => counts.mutate(),
    onDeleted: (row) => {
      if (viewing?.id === row.id) setViewing(null);
      notice.success(MESSAGES.deleted);
      void counts.mutate();
    },
  });
  const { list, hasRows, filters, setFilter, exporter } = subscribers;

  const unsubscribe = useUnsubscribeOne(list, {
    onDone: (row, message) => {
      if (viewing?.id === row.id) setViewing(row);
      notice.success(message);
      void counts.mutate();
    },
    onFailed: subscribers.fail,
  });

  const exportCsv = () => subscribers.run(() => exporter.start(subscribersFileName()));

  return (
    <CollectionScreen
      screen={subscribers}
      header={
        <PageHeader
          title="Newsletter"
          subtitle="Subscribers, their consents, and who has confirmed or left."
          back={{ to: "/admin/dashboard", label: "Back to Dashboard" }}
          actions={
            <>
              <RefreshDataButton list={list} onRefresh={() => void subscribers.refresh()} />
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
      }
      summary={
        <>
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
        </>
      }
      sorts={SUBSCRIBER_SORTS}
      search={{ label: "Search Subscribers", placeholder: "E-mail or name" }}
      filters={
        <>
          <FilterSelect label="Status" data={STATUS_FILTER} value={filters.status} onChange={(value) => setFilter("status", value)} width={150} />
          <FilterSelect label="Source" data={SOURCE_FILTER} value={filters.source} onChange={(value) => setFilter("source", value)} width={160} />
        </>
      }
      notices={<NoticeBanner notice={notice.notice} onClose={notice.clear} />}
      exports={[{ operation: exporter, label: "Exporting subscribers", unit: "subscribers" }]}
      table={{
        label: "Newsletter subscribers",
        loadingText: "Loading subscribers...",
        empty: MESSAGES.empty,
        minWidth: 960,
        pageSizes: PAGE_SIZES,
        columns: [
          { header: "Email" },
          { header: "Name" },
          { header: "Status" },
          { header: "Sources" },
          { header: "Latest Consent (EST)" },
          { header: "Confirmed (EST)" },
          { header: "Actions", align: "right" },
        ],
        renderRow: (row) => (
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
                <Button size="compact-sm" variant="light" color="red" onClick={() => subscribers.deleteOne.ask(row)} aria-label={`Delete ${row.email}`}>
                  Delete
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        ),
      }}
      footer={
        <Text fz="xs" c="dimmed">
          Times are shown in US Eastern time (America/New_York). Unconfirmed subscribers are removed 30 days after their latest consent.
        </Text>
      }
      dialogs={
        <>
          <SubscriberDetailsDialog row={viewing} onClose={() => setViewing(null)} onUnsubscribe={unsubscribe.ask} onDelete={subscribers.deleteOne.ask} />
          <ConfirmDialog
            opened={!!unsubscribe.target}
            title={MESSAGES.unsubscribeTitle}
            message={unsubscribe.target ? MESSAGES.unsubscribe(unsubscribe.target.email) : ""}
            confirmLabel="Unsubscribe"
            busy={unsubscribe.busy}
            onConfirm={() => void unsubscribe.confirm()}
            onClose={unsubscribe.cancel}
          />
        </>
      }
      deleteOne={{ title: MESSAGES.deleteTitle, message: MESSAGES.deleteOne }}
    />
  );
}
