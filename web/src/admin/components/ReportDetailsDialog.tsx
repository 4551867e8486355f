import { Badge, Button, Card, Group, Select, Text } from "@mantine/core";
import { useEffect, useState, type MouseEvent } from "react";
import { formatUsd } from "@site/core/report/amount";
import { CONTACT_METHOD_FIELDS, CONTACT_METHOD_LABELS, FIELD_LABELS, SCAM_TYPE_FIELDS, SCAM_TYPE_LABELS, type FieldSpec } from "@site/core/report/catalogue";
import { fetchEvidenceLink, fetchReport, updateReportStatus } from "../api/reports";
import { DetailField as Field, DetailGrid, DetailSection, DetailsDialog } from "./DetailSection";
import {
  MESSAGES,
  SCAN_STATE_COLORS,
  SCAN_STATE_LABELS,
  STATUSES,
  STATUS_COLORS,
  STATUS_LABELS,
  statusLabel,
  submittedAt,
  usDate,
  type EvidenceDownload,
  type ReportDetails,
  type ReportRow,
  type Status,
} from "../lib/reports";

const yesNo = (value: boolean | undefined) => (value ? "Yes" : "No");
const PURPOSE_LABELS: Record<string, string> = { contactEmail: "E-mail evidence", details: "Evidence file" };
/** Links are fetched again when the ones on screen are this close to expiring. */
const LINK_MARGIN_MS = 60_000;
/** How often a file's scan verdict is asked for again while it is pending. */
const SCAN_POLL_MS = 5_000;

/** A scam type's or contact method's own fields, labelled and typed as the wizard's catalogue says. */
function CatalogueFields({ specs, values }: { specs: readonly FieldSpec[]; values: Record<string, unknown> }) {
  return (
    <DetailGrid>
      {specs.map((f) => {
        const value = values[f.name];
        const shown = f.kind === "money" ? formatUsd(value as number | undefined) : f.kind === "boolean" ? yesNo(value as boolean) : String(value ?? "");
        return <Field key={f.name} label={f.label} value={shown} />;
      })}
    </DetailGrid>
  );
}

const fileSize = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

export interface ReportDetailsDialogProps {
  /** the report to show; null: closed */
  reportId: string | null;
  onClose: () => void;
  /** the report's row after a status change, for the list */
  onStatusChanged: (row: ReportRow) => void;
  onDelete: (report: { id: string; reference: string }) => void;
}

/** A report in full: every section, evidence downloads, its status. Opened from the list or by `?report=<id>`. */
export function ReportDetailsDialog({ reportId, onClose, onStatusChanged, onDelete }: ReportDetailsDialogProps) {
  const [details, setDetails] = useState<ReportDetails | null>(null);
  const [fetchedAt, setFetchedAt] = useState(0);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!reportId) return;
    let live = true;
    setDetails(null);
    setError(null);
    setLoading(true);
    fetchReport<ReportDetails>(reportId, MESSAGES.detailsFailed)
      .then((full) => {
        if (!live) return;
        setDetails(full);
        setFetchedAt(Date.now());
      })
      .catch((cause: Error) => live && setError(cause.message || MESSAGES.detailsFailed))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [reportId]);

  // A file still waiting for its malware scan (seconds, usually): its verdict is read again until it comes.
  const [polls, setPolls] = useState(0);
  const waitingFor = details?.evidence.some((file) => file.scan.state === "pending") ? details.id : null;
  useEffect(() => {
    if (!waitingFor) return;
    const timer = setTimeout(() => {
      fetchReport<ReportDetails>(waitingFor, MESSAGES.detailsFailed)
        .then((full) => {
          // the verdicts and fresh links; the status as shown (a change may be on its way)
          setDetails((shown) => (shown?.id === full.id ? { ...full, status: shown.status } : shown));
          setFetchedAt(Date.now());
        })
        .catch(() => {})
        .finally(() => setPolls((n) => n + 1));
    }, SCAN_POLL_MS);
    return () => clearTimeout(timer);
  }, [waitingFor, polls]);

  const changeStatus = async (status: Status) => {
    if (!details || status === details.status) return;
    setSaving(true);
    setError(null);
    try {
      const row = await updateReportStatus(details.id, status, MESSAGES.statusFailed);
      setDetails({ ...details, status: row.status });
      onStatusChanged(row);
    } catch (cause) {
      setError((cause as Error)?.message || MESSAGES.statusFailed);
    } finally {
      setSaving(false);
    }
  };

  /**
   * Links live for minutes: an old one is replaced by a fresh one before the download starts (the
   * API makes one only for a file its malware scan found clean, and says why not otherwise).
   */
  const download = async (file: EvidenceDownload, event: MouseEvent) => {
    if (!details || Date.now() - fetchedAt < details.downloadExpiresInSeconds * 1000 - LINK_MARGIN_MS) return;
    event.preventDefault();
    try {
      const fresh = await fetchEvidenceLink(details.id, file.purpose, MESSAGES.downloadFailed);
      window.location.assign(fresh.downloadUrl);
    } catch (cause) {
      setError((cause as Error)?.message || MESSAGES.downloadFailed);
    }
  };

  const d = details;
  return (
    <DetailsDialog opened={!!reportId} onClose={onClose} title="Report Details" size="xl" loading={loading} error={error}>
      {d && (
        <>
          <Group justify="space-between" align="flex-end">
            <div>
              <Text fw={800} fz="lg" c="ink.9">
                {d.reference}
              </Text>
              <Text c="dimmed" fz="sm">
                Submitted {submittedAt(d)} (EST)
              </Text>
            </div>
            <Group gap="sm" align="flex-end">
              <Badge variant="light" color={STATUS_COLORS[d.status]} c="ink.9" size="lg">
                {statusLabel(d.status)}
              </Badge>
              <Select
                label="Status"
                data={STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))}
                value={d.status}
                onChange={(value) => value && void changeStatus(value as Status)}
                allowDeselect={false}
                disabled={saving}
                size="sm"
                w={160}
              />
            </Group>
          </Group>

          <DetailSection title="Reporter">
            <Field label={FIELD_LABELS.fullName} value={d.reporter.fullName} />
            <Field label={FIELD_LABELS.email} value={d.reporter.email} />
            <Field label={FIELD_LABELS.city} value={d.reporter.city} />
            <Field label={FIELD_LABELS.state} value={d.reporter.state} />
            <Field label={FIELD_LABELS.ageRange} value={d.reporter.ageRange ?? ""} />
            <Field label="Willing to speak with our team" value={yesNo(d.reporter.speakWithTeam)} />
            <Field label="Story may be shared anonymously" value={yesNo(d.reporter.shareAnonymously)} />
          </DetailSection>

          <DetailSection title="Scam Types" grid={false}>
            {d.scamTypes.map((t) => (
              <Card key={t.type} withBorder radius="sm" padding="sm" aria-label={SCAM_TYPE_LABELS[t.type]}>
                <Text fw={700} c="ink.9" mb={6}>
                  {SCAM_TYPE_LABELS[t.type]}
                </Text>
                <CatalogueFields specs={SCAM_TYPE_FIELDS[t.type]} values={t} />
              </Card>
            ))}
          </DetailSection>

          <DetailSection title="Contact Methods" grid={false}>
            {d.contactMethods.map((m) => (
              <Card key={m.method} withBorder radius="sm" padding="sm" aria-label={CONTACT_METHOD_LABELS[m.method]}>
                <Text fw={700} c="ink.9" mb={6}>
                  {CONTACT_METHOD_LABELS[m.method]}
                </Text>
                <CatalogueFields specs={CONTACT_METHOD_FIELDS[m.method]} values={m} />
              </Card>
            ))}
          </DetailSection>

          <DetailSection title="What Happened">
            <Field label="Money lost" value={yesNo(d.moneyLost)} />
            <Field label={FIELD_LABELS.amountLost} value={d.moneyLost ? formatUsd(d.amountLost) : "N/A"} />
            <Field label={FIELD_LABELS.dateOccurred} value={usDate(d.dateOccurred)} />
          </DetailSection>

          <DetailSection title="Known Details">
            <Field label={FIELD_LABELS.scammerName} value={d.scammer.name ?? ""} />
            <Field label={FIELD_LABELS.companyName} value={d.scammer.company ?? ""} />
            <Field label={FIELD_LABELS.scammerPhone} value={d.scammer.phone ?? ""} />
            <Field label={FIELD_LABELS.scammerEmail} value={d.scammer.email ?? ""} />
            <Field label={FIELD_LABELS.scammerWebsite} value={d.scammer.website ?? ""} />
          </DetailSection>

          <DetailSection title="Evidence" grid={false}>
            {d.evidence.length === 0 ? (
              <Text fz="sm" c="dimmed">
                No files were attached.
              </Text>
            ) : (
              d.evidence.map((file) => (
                <Group key={`${file.purpose}-${file.fileName}`} justify="space-between" wrap="nowrap">
                  <div style={{ minWidth: 0 }}>
                    <Text fz="sm" fw={600} c="ink.9" style={{ wordBreak: "break-all" }}>
                      {file.fileName}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {PURPOSE_LABELS[file.purpose] ?? file.purpose} · {fileSize(file.size)}
                    </Text>
                    {file.scan.message && (
                      <Text fz="xs" c="ink.9">
                        {file.scan.message}
                        {file.scan.threats?.length ? ` (${file.scan.threats.join(", ")})` : ""}
                      </Text>
                    )}
                  </div>
                  <Group gap="xs" wrap="nowrap">
                    <Badge variant="light" color={SCAN_STATE_COLORS[file.scan.state]} c="ink.9" title="Malware scan">
                      {SCAN_STATE_LABELS[file.scan.state]}
                    </Badge>
                    {file.downloadUrl && (
                      <Button
                        component="a"
                        href={file.downloadUrl}
                        onClick={(e) => void download(file, e)}
                        variant="light"
                        size="compact-sm"
                        aria-label={`Download ${file.fileName}`}
                      >
                        Download
                      </Button>
                    )}
                  </Group>
                </Group>
              ))
            )}
          </DetailSection>

          <DetailSection title="Follow-up">
            <Field label="Reported elsewhere" value={yesNo(d.reportedElsewhere)} />
            <Field label={FIELD_LABELS.reportedTo} value={d.reportedTo ?? ""} />
            <Field label="Wants scam-awareness updates" value={yesNo(d.wantUpdates)} />
            <Field label="May publish an anonymised summary" value={yesNo(d.publishConsent === true)} />
          </DetailSection>

          <DetailSection title="Metadata">
            <Field label="Browser" value={d.meta.browser} />
            <Field label="Device Type" value={d.meta.deviceType} />
            <Field label="Screen Resolution" value={d.meta.screenResolution} />
            <Field label="Timezone" value={d.meta.timezone} />
            <Field label="Language" value={d.meta.language} />
            <Field label="IP Address" value={d.meta.ipAddress} />
            <Field label="City" value={d.meta.city} />
            <Field label="Region" value={d.meta.region} />
            <Field label="Country" value={d.meta.country} />
            <Field label="Latitude / Longitude" value={d.meta.latitude && d.meta.longitude ? `${d.meta.latitude}, ${d.meta.longitude}` : ""} />
          </DetailSection>
          {d.meta.userAgent && (
            <Text fz="xs" c="dimmed" style={{ wordBreak: "break-all" }}>
              User agent: {d.meta.userAgent}
            </Text>
          )}

          <Group justify="flex-end">
            <Button color="red.7" variant="light" onClick={() => onDelete({ id: d.id, reference: d.reference })}>
              Delete Report
            </Button>
          </Group>
        </>
      )}
    </DetailsDialog>
  );
}
