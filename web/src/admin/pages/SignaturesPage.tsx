import { Badge, Button, Code, Group, Table, Tooltip } from "@mantine/core";
import { useState } from "react";
import { useParams } from "react-router-dom";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { SYNC_SIGNATURES, signaturesResource } from "../api/signatures";
import { CollectionScreen, TotalCountCard, useCollectionScreen } from "../collection";
import { DeliveryPackDialog } from "../components/DeliveryPackDialog";
import { PetitionUpdatesDialog } from "../components/PetitionUpdatesDialog";
import { NoticeBanner } from "../components/NoticeBanner";
import { OperationProgressBar } from "../components/OperationProgressBar";
import { PageHeader } from "../components/PageHeader";
import { SignatureDetailsDialog } from "../components/SignatureDetailsDialog";
import { useBackgroundJob } from "../hooks/useBackgroundJob";
import { useNotice } from "../hooks/useNotice";
import { syncPhaseLabel, syncedMessage } from "../lib/jobs";
import { exportFileName, orNA, signedAt, statusOf, type SignatureRow } from "../lib/signatures";
import { SIGNATURE_SORTS } from "../lib/sorting";

export { SEARCH_DEBOUNCE_MS } from "../collection";

const PAGE_SIZE = 50;
/** A signature's status badge: waiting for its link, confirmed from its mailbox, or counted without that (gray). */
const BADGE_COLORS: Record<string, string> = { pending: "gold", verified: "brand" };
export const DELETE_SIGNATURE_MESSAGE = "Are you sure you want to delete this signature? This action cannot be undone.";
export const DELETE_ALL_TITLE = "Confirm Deletion of All Signatures";
export const DELETE_ALL_MESSAGE = "Are you absolutely sure you want to delete ALL signatures? This action cannot be undone.";
/** On one petition's screen Delete All deletes that petition's signatures only, and says so. */
export const DELETE_PETITION_SIGNATURES_TITLE = "Confirm Deletion of This Petition's Signatures";
export const DELETE_PETITION_SIGNATURES_MESSAGE =
  "Are you absolutely sure you want to delete all signatures of this petition? The signatures of other petitions are kept. This action cannot be undone.";
const MESSAGES = {
  loadFailed: "Failed to load signatures",
  refreshFailed: "Failed to refresh. Please try again.",
  deleteFailed: "Failed to delete signature",
  deleteAllFailed: "Failed to delete all signatures",
  exportFailed: "Failed to export signatures",
};
const SYNC_FALLBACK = "Failed to sync signatures";

export function SignaturesPage() {
  const { id: petitionId } = useParams<{ id?: string }>();
  useDocumentTitle("Petition Signatures");
  const signatures = useCollectionScreen<SignatureRow>({
    resource: signaturesResource,
    sorts: SIGNATURE_SORTS,
    pageSize: PAGE_SIZE,
    fixed: { petitionId },
    deleteAllScope: { petitionId },
    messages: MESSAGES,
  });
  const { hasRows, exporter, deleteAll } = signatures;
  const notice = useNotice();
  const syncJob = useBackgroundJob(SYNC_SIGNATURES, {
    fallbackMessage: SYNC_FALLBACK,
    onDone: (job) => notice.success(syncedMessage(job)),
    onFailed: (reason) => notice.failure(`Sync failed: ${reason}`),
  });
  const [viewing, setViewing] = useState<SignatureRow | null>(null);
  const [packing, setPacking] = useState(false);
  const [updating, setUpdating] = useState(false);

  const exportCsv = () => signatures.run(() => exporter.start(exportFileName()));

  return (
    <CollectionScreen
      screen={signatures}
      header={
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
              {petitionId && (
                <Button variant="light" color="ink" onClick={() => setPacking(true)}>
                  Delivery pack (PDF)
                </Button>
              )}
              {petitionId && (
                <Button variant="light" color="ink" onClick={() => setUpdating(true)}>
                  Updates to signers
                </Button>
              )}
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
      }
      summary={
        <Group gap="lg" align="center">
          <TotalCountCard heading="Signatures" label="Total Signatures" total={signatures.list.total} />
        </Group>
      }
      sorts={SIGNATURE_SORTS}
      search={{ label: "Search Signatures", placeholder: "Name, e-mail or timeshare name" }}
      toolbarRefresh
      notices={
        <>
          <NoticeBanner notice={notice.notice} />
          {syncJob.running && (
            <OperationProgressBar label={syncPhaseLabel(syncJob.job?.progress.phase)} progress={syncJob.progress} percent={syncJob.percent} />
          )}
        </>
      }
      exports={[{ operation: exporter, label: "Exporting signatures" }]}
      table={{
        label: "Signatures",
        loadingText: "Loading signatures...",
        empty: "No signatures found",
        minWidth: 960,
        columns: [
          { header: "#", width: 56 },
          { header: "First Name" },
          { header: "Last Name" },
          { header: "Email" },
          { header: "Timeshare Name" },
          { header: "Petition ID" },
          { header: "Signed At (EST)" },
          { header: "Status" },
          { header: "Actions", align: "right" },
        ],
        renderRow: (row, number) => (
          <Table.Tr key={row.id} data-signature-id={row.id}>
            <Table.Td c="dimmed">{number}</Table.Td>
            <Table.Td fw={600}>{row.firstName}</Table.Td>
            <Table.Td fw={600}>{row.lastName}</Table.Td>
            <Table.Td style={{ overflowWrap: "anywhere" }}>{row.email}</Table.Td>
            <Table.Td c={row.timeshareName ? undefined : "dimmed"}>{orNA(row.timeshareName)}</Table.Td>
            <Table.Td>
              <Code fz="xs">{row.petitionId}</Code>
            </Table.Td>
            <Table.Td style={{ whiteSpace: "nowrap" }}>{signedAt(row)}</Table.Td>
            <Table.Td>
              <Badge variant="light" color={BADGE_COLORS[statusOf(row)] ?? "gray"}>
                {statusOf(row)}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Group gap={6} justify="flex-end" wrap="nowrap">
                <Button
                  size="compact-sm"
                  variant="light"
                  onClick={() => setViewing(row)}
                  aria-label={`View details of the signature of ${row.firstName} ${row.lastName}`}
                >
                  View Details
                </Button>
                <Button
                  size="compact-sm"
                  variant="light"
                  color="red"
                  onClick={() => signatures.deleteOne.ask(row)}
                  aria-label={`Delete signature of ${row.firstName} ${row.lastName}`}
                >
                  Delete Signature
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        ),
      }}
      dialogs={
        <>
          <SignatureDetailsDialog row={viewing} onClose={() => setViewing(null)} />
          {petitionId && <DeliveryPackDialog petitionId={petitionId} opened={packing} onClose={() => setPacking(false)} />}
          {petitionId && <PetitionUpdatesDialog petitionId={petitionId} opened={updating} onClose={() => setUpdating(false)} />}
        </>
      }
      deleteOne={{ title: "Delete Signature", message: DELETE_SIGNATURE_MESSAGE }}
      deleteAll={{
        title: petitionId ? DELETE_PETITION_SIGNATURES_TITLE : DELETE_ALL_TITLE,
        message: petitionId ? DELETE_PETITION_SIGNATURES_MESSAGE : DELETE_ALL_MESSAGE,
        progressLabel: "Deleting signatures",
      }}
    />
  );
}

/** /admin/petitions/:id/signatures: a fresh screen (search, page, dialogs) for every petition. */
export function PetitionSignaturesPage() {
  const { id } = useParams<{ id: string }>();
  return <SignaturesPage key={id} />;
}
