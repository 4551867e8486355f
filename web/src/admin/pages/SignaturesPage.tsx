import { Button, Code, Group, Stack, Table, Tooltip } from "@mantine/core";
import { useState } from "react";
import { useParams } from "react-router-dom";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { downloadCsv } from "../../lib/download";
import { adminApi } from "../adminApi";
import { CollectionErrorAlert, CollectionTable, CollectionToolbarCard, DeleteAllDialog, TotalCountCard, useCollection, useCollectionExport, useDeleteAll, useDeleteOne } from "../collection";
import { ConfirmDialog } from "../components/ConfirmDialog";
import { NoticeBanner } from "../components/NoticeBanner";
import { OperationProgressBar } from "../components/OperationProgressBar";
import { PageHeader } from "../components/PageHeader";
import { SignatureDetailsDialog } from "../components/SignatureDetailsDialog";
import { useBackgroundJob } from "../hooks/useBackgroundJob";
import { useNotice } from "../hooks/useNotice";
import { syncPhaseLabel, syncedMessage } from "../lib/jobs";
import { exportFileName, orNA, signaturesCsv, signedAt, type SignatureRow } from "../lib/signatures";
import { SIGNATURE_SORTS } from "../lib/sorting";

export { EXPORT_PAGE_SIZE, SEARCH_DEBOUNCE_MS } from "../collection";

const PAGE_SIZE = 50;
export const DELETE_SIGNATURE_MESSAGE = "Are you sure you want to delete this signature? This action cannot be undone.";
export const DELETE_ALL_TITLE = "Confirm Deletion of All Signatures";
export const DELETE_ALL_MESSAGE = "Are you absolutely sure you want to delete ALL signatures? This action cannot be undone.";
const LOAD_FALLBACK = "Failed to load signatures";
const DELETE_FALLBACK = "Failed to delete signature";
const DELETE_ALL_FALLBACK = "Failed to delete all signatures";
const EXPORT_FALLBACK = "Failed to export signatures";
const SYNC_FALLBACK = "Failed to sync signatures";

export function SignaturesPage() {
  const { id: petitionId } = useParams<{ id?: string }>();
  useDocumentTitle("Petition Signatures");
  const signatures = useCollection<SignatureRow>({
    path: adminApi.signatures,
    sorts: SIGNATURE_SORTS,
    pageSize: PAGE_SIZE,
    fixed: { petitionId },
    fallbackMessage: LOAD_FALLBACK,
  });
  const { list, hasRows } = signatures;
  const [error, setError] = useState<string | null>(null);
  const notice = useNotice();
  const syncJob = useBackgroundJob(adminApi.sheetsSignatures, {
    fallbackMessage: SYNC_FALLBACK,
    onDone: (job) => notice.success(syncedMessage(job)),
    onFailed: (reason) => notice.failure(`Sync failed: ${reason}`),
  });
  const [viewing, setViewing] = useState<SignatureRow | null>(null);
  const deleteOne = useDeleteOne(list, (row: SignatureRow) => adminApi.signature(row.petitionId, row.id), { fallbackMessage: DELETE_FALLBACK, onFailed: setError });
  const deleteAll = useDeleteAll(adminApi.signaturesDeleteAll, { petitionId }, { collection: signatures, fallbackMessage: DELETE_ALL_FALLBACK, onFailed: setError });
  const exporter = useCollectionExport<SignatureRow>(adminApi.signaturesExport, signatures.query, { fallbackMessage: EXPORT_FALLBACK });

  const refresh = async () => {
    setError(null);
    if (!(await list.refresh())) setError("Failed to refresh. Please try again.");
  };

  const exportCsv = async () => {
    setError(null);
    const rows = await exporter.exportAll();
    if (rows) downloadCsv(signaturesCsv(rows), exportFileName());
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title="Petition Signatures"
        subtitle={
          petitionId ? (
            <>
              Signatures of petition <Code>{petitionId}</Code>
            </>
          ) : (
            "Signatures of all petitions."
          )
        }
        back={{ to: "/admin/forms", label: "Back to Forms" }}
        actions={
          <>
            <Button variant="default" onClick={() => void syncJob.start()} disabled={syncJob.running}>
              {syncJob.running ? "Syncing..." : "Sync to Sheet"}
            </Button>
            <Tooltip label="Download the signatures matching the filters" disabled={!hasRows}>
              <Button variant="light" onClick={() => void exportCsv()} disabled={!hasRows || exporter.running} loading={exporter.running}>
                Export CSV
              </Button>
            </Tooltip>
            <Button color="red.7" onClick={deleteAll.open} disabled={!hasRows || deleteAll.running}>
              Delete All
            </Button>
          </>
        }
      />

      <Group gap="lg" align="center">
        <TotalCountCard heading="Signatures" label="Total Signatures" total={list.total} />
      </Group>

      <CollectionToolbarCard
        collection={signatures}
        sorts={SIGNATURE_SORTS}
        searchLabel="Search Signatures"
        searchPlaceholder="Name, e-mail, timeshare, petition or city"
        onRefresh={() => void refresh()}
      />

      <NoticeBanner notice={notice.notice} />
      {syncJob.running && (
        <OperationProgressBar label={syncPhaseLabel(syncJob.job?.progress.phase)} progress={syncJob.progress} percent={syncJob.percent} />
      )}
      {exporter.running && <OperationProgressBar label="Exporting signatures" progress={exporter.progress} percent={exporter.percent} />}
      <CollectionErrorAlert
        message={error || exporter.error || (list.error ? list.error.message || LOAD_FALLBACK : null)}
        onClose={() => {
          setError(null);
          exporter.reset();
        }}
      />

      <CollectionTable
        collection={signatures}
        label="Signatures"
        loadingText="Loading signatures..."
        empty="No signatures found"
        minWidth={1100}
        columns={[
          { header: "#", width: 56 },
          { header: "First Name" },
          { header: "Last Name" },
          { header: "Email" },
          { header: "Timeshare Name" },
          { header: "Petition ID" },
          { header: "Signed At (EST)" },
          { header: "Actions", align: "right" },
        ]}
        renderRow={(row, number) => (
          <Table.Tr key={row.id} data-signature-id={row.id}>
            <Table.Td c="dimmed">{number}</Table.Td>
            <Table.Td fw={600}>{row.firstName}</Table.Td>
            <Table.Td fw={600}>{row.lastName}</Table.Td>
            <Table.Td>{row.email}</Table.Td>
            <Table.Td c={row.timeshareName ? undefined : "dimmed"}>{orNA(row.timeshareName)}</Table.Td>
            <Table.Td>
              <Code fz="xs">{row.petitionId}</Code>
            </Table.Td>
            <Table.Td style={{ whiteSpace: "nowrap" }}>{signedAt(row)}</Table.Td>
            <Table.Td>
              <Group gap={6} justify="flex-end" wrap="nowrap">
                <Button size="compact-sm" variant="light" onClick={() => setViewing(row)} aria-label={`View details of the signature of ${row.firstName} ${row.lastName}`}>
                  View Details
                </Button>
                <Button size="compact-sm" variant="light" color="red" onClick={() => deleteOne.ask(row)} aria-label={`Delete signature of ${row.firstName} ${row.lastName}`}>
                  Delete Signature
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        )}
      />

      <SignatureDetailsDialog row={viewing} onClose={() => setViewing(null)} />
      <ConfirmDialog
        opened={!!deleteOne.target}
        title="Delete Signature"
        message={DELETE_SIGNATURE_MESSAGE}
        busy={deleteOne.busy}
        onConfirm={() => void deleteOne.confirm()}
        onClose={deleteOne.cancel}
      />
      <DeleteAllDialog title={DELETE_ALL_TITLE} message={DELETE_ALL_MESSAGE} progressLabel="Deleting signatures" operation={deleteAll} />
    </Stack>
  );
}

/** /admin/petitions/:id/signatures: a fresh screen (search, page, dialogs) for every petition. */
export function PetitionSignaturesPage() {
  const { id } = useParams<{ id: string }>();
  return <SignaturesPage key={id} />;
}
