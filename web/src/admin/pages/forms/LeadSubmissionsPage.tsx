import { Alert, Badge, Button, Group, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import { Link, useParams } from "react-router-dom";
import { useDocumentTitle } from "../../../hooks/useDocumentTitle";
import { leadsResource, syncLeadsPath } from "../../api/leads";
import { CollectionScreen, DateRangeFilter, RefreshDataButton, TotalCountCard, YesNoFilter, useCollectionScreen } from "../../collection";
import { LeadDetailsDialog } from "../../components/LeadDetailsDialog";
import { NoticeBanner } from "../../components/NoticeBanner";
import { OperationProgressBar } from "../../components/OperationProgressBar";
import { PageHeader } from "../../components/PageHeader";
import { useBackgroundJob } from "../../hooks/useBackgroundJob";
import { useNotice } from "../../hooks/useNotice";
import { SUCCESS_TOAST_MS } from "@site/core/lead/forms";
import {
  LEAD_FORM_INFO,
  LEAD_LIST_MESSAGES as MESSAGES,
  LEAD_SORTS,
  PAGE_SIZE,
  PAGE_SIZES,
  consentText,
  formOfSlug,
  leadSyncPhaseLabel,
  leadsFileName,
  submittedAt,
  syncFailedMessage,
  type LeadForm,
  type LeadRow,
} from "../../lib/leads";

type Filters = { newsletterConsent: string; dateFrom: string; dateTo: string };
const NO_FILTERS: Filters = { newsletterConsent: "", dateFrom: "", dateTo: "" };
const BACK_TO_FORMS = { to: "/admin/forms", label: "Back to Forms" };

/** /admin/forms/<slug>: one free-guide form's submissions. */
export function LeadSubmissionsPage({ form }: { form: LeadForm }) {
  const info = LEAD_FORM_INFO[form];
  useDocumentTitle(info.listTitle);
  const [viewing, setViewing] = useState<LeadRow | null>(null);
  const toast = useNotice(SUCCESS_TOAST_MS);
  const leads = useCollectionScreen<LeadRow, Filters>({
    resource: leadsResource(form),
    sorts: LEAD_SORTS,
    pageSize: PAGE_SIZE,
    filters: NO_FILTERS,
    messages: MESSAGES,
    onDeleted: (row) => {
      if (viewing?.id === row.id) setViewing(null);
      toast.success(MESSAGES.deleted);
    },
    onDeletedAll: () => toast.success(MESSAGES.deleteAllDone),
  });
  const { list, hasRows, filters, setFilter, exporter, deleteAll } = leads;

  const syncJob = useBackgroundJob(syncLeadsPath(form), {
    fallbackMessage: MESSAGES.syncFailed,
    onDone: () => {
      toast.success(MESSAGES.synced);
      void list.refresh();
    },
    onFailed: (reason) => toast.failure(syncFailedMessage(reason)),
  });

  const exportCsv = () => leads.run(() => exporter.start(leadsFileName(form)));

  return (
    <CollectionScreen
      screen={leads}
      header={
        <PageHeader
          title={info.listTitle}
          subtitle={`Requests for “${info.documentTitle}”.`}
          back={BACK_TO_FORMS}
          actions={
            <>
              <RefreshDataButton list={list} onRefresh={() => void leads.refresh()} />
              <Button variant="light" onClick={() => void exportCsv()} disabled={!hasRows || exporter.running} loading={exporter.running}>
                Export as CSV
              </Button>
              <Button variant="default" onClick={() => void syncJob.start()} disabled={syncJob.running}>
                {syncJob.running ? "Syncing..." : "Sync with Google Sheets"}
              </Button>
              {hasRows && (
                <Button color="red.7" onClick={deleteAll.open} disabled={deleteAll.running}>
                  Delete All
                </Button>
              )}
            </>
          }
        />
      }
      summary={
        <Group gap="lg" align="center">
          <TotalCountCard heading="Submissions" label="Total Submissions" total={list.total} />
        </Group>
      }
      sorts={LEAD_SORTS}
      search={{ label: "Search Submissions", placeholder: "Full name or e-mail" }}
      filters={
        <>
          <YesNoFilter label="Newsletter Consent" value={filters.newsletterConsent} onChange={(value) => setFilter("newsletterConsent", value)} />
          <DateRangeFilter from={filters.dateFrom} to={filters.dateTo} onFrom={(day) => setFilter("dateFrom", day)} onTo={(day) => setFilter("dateTo", day)} />
        </>
      }
      notices={
        <>
          <NoticeBanner notice={toast.notice} onClose={toast.clear} />
          {syncJob.running && (
            <OperationProgressBar label={leadSyncPhaseLabel(syncJob.job?.progress.phase)} progress={syncJob.progress} percent={syncJob.percent} />
          )}
        </>
      }
      exports={[{ operation: exporter, label: "Exporting submissions", unit: "submissions" }]}
      table={{
        label: info.listTitle,
        loadingText: "Loading submissions...",
        empty: MESSAGES.empty,
        minWidth: 900,
        pageSizes: PAGE_SIZES,
        columns: [
          { header: "Full Name" },
          { header: "Email" },
          { header: "Submission Date & Time (EST)" },
          { header: "Newsletter Consent" },
          { header: "Actions", align: "right" },
        ],
        renderRow: (row) => (
          <Table.Tr key={row.id} data-lead-id={row.id}>
            <Table.Td fw={600}>{row.fullName}</Table.Td>
            <Table.Td>{row.email}</Table.Td>
            <Table.Td style={{ whiteSpace: "nowrap" }}>{submittedAt(row)}</Table.Td>
            <Table.Td>
              <Badge variant="light" color={row.newsletterConsent ? "brand" : "gray"} c="ink.9">
                {consentText(row.newsletterConsent)}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Group gap={6} justify="flex-end" wrap="nowrap">
                <Button size="compact-sm" variant="light" onClick={() => setViewing(row)} aria-label={`View details of the submission of ${row.fullName}`}>
                  View Details
                </Button>
                <Button
                  size="compact-sm"
                  variant="light"
                  color="red"
                  onClick={() => leads.deleteOne.ask(row)}
                  aria-label={`Delete the submission of ${row.fullName}`}
                >
                  Delete
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        ),
      }}
      dialogs={<LeadDetailsDialog row={viewing} onClose={() => setViewing(null)} onDelete={leads.deleteOne.ask} />}
      deleteOne={{ title: "Delete Submission", message: MESSAGES.deleteOne }}
      deleteAll={{ title: MESSAGES.deleteAllTitle, message: MESSAGES.deleteAll, progressLabel: "Deleting submissions" }}
    />
  );
}

/** An address under /admin/forms/ that names no form. */
function UnknownFormPage() {
  useDocumentTitle(MESSAGES.notFound);
  return (
    <Stack gap="lg">
      <PageHeader title={MESSAGES.notFound} back={BACK_TO_FORMS} />
      <Alert color="yellow" variant="light" role="alert">
        <Text fz="sm">
          There is no form at this address. Choose one on the{" "}
          <Text component={Link} to="/admin/forms" fz="sm" c="brand.8" td="underline">
            Forms page
          </Text>
          .
        </Text>
      </Alert>
    </Stack>
  );
}

/** /admin/forms/:slug: a fresh screen (search, page, dialogs) for every form; an unknown slug says so. */
export function LeadSubmissionsRoute() {
  const { slug } = useParams<{ slug: string }>();
  const form = formOfSlug(slug);
  return form ? <LeadSubmissionsPage key={form} form={form} /> : <UnknownFormPage />;
}
