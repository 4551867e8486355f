import { Badge, Button, Code, Group, Table, Tabs, Text } from "@mantine/core";
import { useState, type ReactNode } from "react";
import { useSearchParams } from "react-router-dom";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { downloadCsv } from "../../lib/download";
import { adminRequest, type ListPage } from "../adminApi";
import { apiPath } from "../api/paths";
import { SYNC_REPORTS, reportsResource } from "../api/reports";
import { CollectionScreen, DateRangeFilter, FilterSelect, TotalCountCard, YesNoFilter, useCollectionExport, useCollectionScreen } from "../collection";
import { NoticeBanner } from "../components/NoticeBanner";
import { OperationProgressBar } from "../components/OperationProgressBar";
import { PageHeader } from "../components/PageHeader";
import { ReportDetailsDialog } from "../components/ReportDetailsDialog";
import { ReportTextSearch } from "../components/ReportTextSearch";
import { useBackgroundJob } from "../hooks/useBackgroundJob";
import { useNotice } from "../hooks/useNotice";
import { withQuery } from "../lib/query";
import {
  MESSAGES,
  PAGE_SIZE,
  PAGE_SIZES,
  REPORT_SORTS,
  STATUSES,
  STATUS_COLORS,
  STATUS_LABELS,
  moneyLostText,
  reportSyncPhaseLabel,
  reportsCsv,
  reportsFileName,
  scamTypesText,
  statusLabel,
  submittedAt,
  usDate,
  type ExportedReport,
  type ReportRow,
} from "../lib/reports";
import { orNA } from "../lib/signatures";

type Filters = { dateFrom: string; dateTo: string; moneyLost: string; speakWithTeam: string; status: string };
const NO_FILTERS: Filters = { dateFrom: "", dateTo: "", moneyLost: "", speakWithTeam: "", status: "" };
const STATUS_FILTER = [{ value: "", label: "Any" }, ...STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))];
/** The deep link the admin e-mail uses: /admin/scam-reports?report=<id> opens that report's details. */
const REPORT_PARAM = "report";
const SCREEN_MESSAGES = {
  loadFailed: MESSAGES.loadFailed,
  refreshFailed: "Failed to refresh. Please try again.",
  deleteFailed: MESSAGES.deleteFailed,
  deleteAllFailed: MESSAGES.deleteAllFailed,
  exportFailed: MESSAGES.exportFailed,
};

/** The spec's one tab, 'Completed Reports', around the list. */
const completedTab = (content: ReactNode) => (
  <Tabs defaultValue="completed" keepMounted={false}>
    <Tabs.List>
      <Tabs.Tab value="completed">Completed Reports</Tabs.Tab>
    </Tabs.List>
    <Tabs.Panel value="completed" pt="lg">
      {content}
    </Tabs.Panel>
  </Tabs>
);

/** /admin/scam-reports: the spec's 'Completed Reports' with our triage status, exports, sync and deletions. */
export function ScamReportsPage() {
  useDocumentTitle("Scam Reports Administration");
  const [params, setParams] = useSearchParams();
  const viewing = params.get(REPORT_PARAM);
  const notice = useNotice();
  const open = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set(REPORT_PARAM, id);
        else next.delete(REPORT_PARAM);
        return next;
      },
      { replace: true },
    );

  const reports = useCollectionScreen<ReportRow, Filters, { id: string; reference: string }>({
    resource: reportsResource,
    sorts: REPORT_SORTS,
    pageSize: PAGE_SIZE,
    filters: NO_FILTERS,
    messages: SCREEN_MESSAGES,
    ownMessages: true,
    onDeleted: (report) => {
      if (viewing === report.id) open(null);
      notice.success(`Report ${report.reference} was deleted`);
    },
    onDeletedAll: () => notice.success(MESSAGES.deleteAllDone),
  });
  const { list, hasRows, filters, setFilter, deleteAll, exporter: matching } = reports;
  const [exportingPage, setExportingPage] = useState(false);
  const [searchingText, setSearchingText] = useState(false);
  const syncJob = useBackgroundJob(SYNC_REPORTS, {
    fallbackMessage: MESSAGES.syncFailed,
    onDone: () => notice.success(MESSAGES.synced),
    onFailed: (reason) => notice.failure(reason || MESSAGES.syncFailed),
  });
  const everything = useCollectionExport("reports-json", { sort: "createdAt", order: "desc" }, { fallbackMessage: MESSAGES.exportFailed });
  const exporting = exportingPage || matching.running || everything.running;

  const exportPage = () =>
    reports.run(async () => {
      setExportingPage(true);
      try {
        const query = { ...reports.pageQuery, only: "page" };
        const answer = await adminRequest<ListPage<ExportedReport>>(withQuery(apiPath("exportReports"), query), { fallbackMessage: MESSAGES.exportFailed });
        downloadCsv(reportsCsv(answer.items), reportsFileName("csv", new Date(), reports.page));
      } catch {
        reports.fail(MESSAGES.exportFailed);
      } finally {
        setExportingPage(false);
      }
    });

  const exportMatching = () => reports.run(() => matching.start(reportsFileName("csv")));

  const exportEverything = () => reports.run(() => everything.start(reportsFileName("json")));

  const statusChanged = (row: ReportRow) => list.update((current) => ({ ...current, items: current.items.map((r) => (r.id === row.id ? row : r)) }));

  return (
    <CollectionScreen
      screen={reports}
      header={
        <PageHeader
          title="Scam Reports Administration"
          subtitle="Reports submitted through the Report a Scam form."
          back={{ to: "/admin/dashboard", label: "Back to Dashboard" }}
          actions={
            <>
              <Button variant="default" onClick={() => void syncJob.start()} disabled={syncJob.running}>
                {syncJob.running ? "Syncing..." : "Sync to Google Sheet"}
              </Button>
              <Button color="red.7" onClick={deleteAll.open} disabled={!hasRows || deleteAll.running}>
                Delete All
              </Button>
            </>
          }
        />
      }
      frame={completedTab}
      summary={
        <Group justify="space-between" align="flex-end" gap="md">
          <TotalCountCard heading="Reports" label="Total Reports" total={list.total} />
          <Group gap="sm">
            <Button variant="light" onClick={() => setSearchingText(true)} disabled={searchingText}>
              Search Report Text
            </Button>
            <Button variant="light" onClick={() => void exportPage()} disabled={!hasRows || exporting} loading={exportingPage}>
              Export Page (CSV)
            </Button>
            <Button variant="light" onClick={() => void exportMatching()} disabled={!hasRows || exporting} loading={matching.running}>
              Export All Matching (CSV)
            </Button>
            <Button variant="light" onClick={() => void exportEverything()} disabled={!hasRows || exporting} loading={everything.running}>
              Export All (JSON)
            </Button>
          </Group>
        </Group>
      }
      sorts={REPORT_SORTS}
      search={{ label: "Search Reports", placeholder: "Scammer, company, reporter name, e-mail or reference" }}
      toolbarRefresh
      filters={
        <>
          <DateRangeFilter from={filters.dateFrom} to={filters.dateTo} onFrom={(day) => setFilter("dateFrom", day)} onTo={(day) => setFilter("dateTo", day)} />
          <YesNoFilter label="Money Lost" value={filters.moneyLost} onChange={(value) => setFilter("moneyLost", value)} />
          <YesNoFilter label="Speak With Team" value={filters.speakWithTeam} onChange={(value) => setFilter("speakWithTeam", value)} />
          <FilterSelect label="Status" data={STATUS_FILTER} value={filters.status} onChange={(value) => setFilter("status", value)} width={140} />
        </>
      }
      notices={
        <>
          <NoticeBanner notice={notice.notice} />
          {searchingText && <ReportTextSearch initialText={reports.search.trim()} onOpen={open} onClose={() => setSearchingText(false)} />}
          {syncJob.running && (
            <OperationProgressBar label={reportSyncPhaseLabel(syncJob.job?.progress.phase)} progress={syncJob.progress} percent={syncJob.percent} />
          )}
        </>
      }
      exports={[
        { operation: matching, label: "Exporting matching reports", unit: "reports" },
        { operation: everything, label: "Exporting all reports", unit: "reports" },
      ]}
      table={{
        label: "Scam reports",
        loadingText: "Loading reports...",
        empty: "No reports found",
        minWidth: 960,
        pageSizes: PAGE_SIZES,
        columns: [
          { header: "Reference" },
          { header: "Submitted (EST)" },
          { header: "Reporter" },
          { header: "Scammer / Company" },
          { header: "Scam Types" },
          { header: "Money Lost" },
          { header: "Date Occurred" },
          { header: "Status" },
          { header: "Actions", align: "right" },
        ],
        renderRow: (row) => (
          <Table.Tr key={row.id} data-report-id={row.id}>
            <Table.Td style={{ whiteSpace: "nowrap" }}>
              <Code fz="xs">{row.reference}</Code>
            </Table.Td>
            <Table.Td>{submittedAt(row)}</Table.Td>
            <Table.Td>
              <Text fz="sm" fw={600}>
                {row.fullName}
              </Text>
              <Text fz="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                {row.email}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text fz="sm">{orNA(row.scammerName)}</Text>
              <Text fz="xs" c="dimmed">
                {orNA(row.companyName)}
              </Text>
            </Table.Td>
            <Table.Td>{scamTypesText(row.scamTypes)}</Table.Td>
            <Table.Td style={{ whiteSpace: "nowrap" }}>{moneyLostText(row)}</Table.Td>
            <Table.Td style={{ whiteSpace: "nowrap" }}>{usDate(row.dateOccurred)}</Table.Td>
            <Table.Td style={{ whiteSpace: "nowrap" }}>
              <Badge variant="light" color={STATUS_COLORS[row.status]} c="ink.9">
                {statusLabel(row.status)}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Group gap={6} justify="flex-end" wrap="nowrap">
                <Button size="compact-sm" variant="light" onClick={() => open(row.id)} aria-label={`View details of report ${row.reference}`}>
                  View Details
                </Button>
                <Button size="compact-sm" variant="light" color="red" onClick={() => reports.deleteOne.ask(row)} aria-label={`Delete report ${row.reference}`}>
                  Delete
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        ),
      }}
      dialogs={<ReportDetailsDialog reportId={viewing} onClose={() => open(null)} onStatusChanged={statusChanged} onDelete={reports.deleteOne.ask} />}
      deleteOne={{ title: "Delete Report", message: MESSAGES.deleteOne }}
      deleteAll={{ title: MESSAGES.deleteAllTitle, message: MESSAGES.deleteAll, progressLabel: "Deleting reports" }}
    />
  );
}
