import { formatUsd } from "@site/core/report/amount";
import { SCAM_TYPE_LABELS, type ScamType } from "@site/core/report/catalogue";
import type { Exported } from "@site/core/report/admin";
import { STATUSES, STATUS_LABELS, type Status } from "@site/core/report/status";
import { REPORT_COLUMNS, reportCells, type ReportRow } from "@site/core/report/record";
import { toCsv } from "@site/core/util/csv";
import type { SortOption } from "./sorting";
import { localDay } from "./files";
import { syncPhaseLabel } from "./jobs";

/** The scam reports screen's data, labels and files (docs/admin-api.md "Scam reports"). */
export type { ReportRow } from "@site/core/report/record";
export type { Details as ReportDetails, EvidenceDownload } from "@site/core/report/admin";
import type { ScanState } from "@site/core/evidence/scan-state";
export { SCAN_STATE_LABELS, type ScanState } from "@site/core/evidence/scan-state";

/** A file's malware scan as a badge: clean green, quarantined red, the rest waiting or unjudged. */
export const SCAN_STATE_COLORS: Record<ScanState, string> = { pending: "gray", clean: "brand", quarantined: "red", unscanned: "orange" };
/** A full report as the export answers it (types, contact methods, evidence names, metadata). */
export type ExportedReport = Exported;
export { STATUSES, STATUS_LABELS, type Status };

/** Newest first by default, as the spec's list (created date then time, descending). */
export const REPORT_SORTS: SortOption[] = [
  { value: "created_at", label: "Date Submitted", api: "createdAt" },
  { value: "date_occurred", label: "Date Occurred", api: "dateOccurred" },
  { value: "reporter_name", label: "Reporter Name", api: "fullName" },
  { value: "scammer_name", label: "Scammer Name", api: "scammerName" },
  { value: "company_name", label: "Company Name", api: "companyName" },
  { value: "amount_lost", label: "Amount Lost", api: "amountLost" },
  { value: "status", label: "Status", api: "status" },
];

export const PAGE_SIZES = [10, 25, 50, 100];
export const PAGE_SIZE = 10;
/** Full reports per export call (the API's largest page). */
export const EXPORT_PAGE_SIZE = 250;

export const STATUS_COLORS: Record<Status, string> = { new: "blue", in_review: "yellow", resolved: "brand", spam: "gray" };

export const statusLabel = (status: string) => STATUS_LABELS[status as Status] ?? status;

/** "Fake Resale Offer, Other" from the row's "fake_resale,other". */
export function scamTypesText(keys: string): string {
  const labels = keys
    .split(",")
    .filter(Boolean)
    .map((key) => SCAM_TYPE_LABELS[key as ScamType] ?? key);
  return labels.length ? labels.join(", ") : "N/A";
}

/** The amount column: the amount in USD, "Yes" when money was lost without an amount, "No" otherwise. */
export function moneyLostText(row: Pick<ReportRow, "moneyLost" | "amountLost">): string {
  if (!row.moneyLost) return "No";
  return row.amountLost === null ? "Yes" : formatUsd(row.amountLost);
}

/** 'Submitted (EST)': created date plus time. */
export const submittedAt = (row: { createdDate: string; createdTime: string }) => `${row.createdDate} ${row.createdTime}`;

/** "MM/DD/YYYY" for a stored YYYY-MM-DD. */
export function usDate(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : day || "N/A";
}

/** A CSV of full reports, with the spreadsheet tab's columns (one row per report). */
export function reportsCsv(reports: ExportedReport[]): string {
  return toCsv(
    [...REPORT_COLUMNS],
    reports.map((r) => reportCells({ ...r, evidence: r.evidence.map((e) => ({ ...e, key: "" })) })),
  );
}

/** Pretty JSON of full reports: what "Export All (JSON)" saves. */
export const reportsJson = (reports: ExportedReport[]) => `${JSON.stringify(reports, null, 2)}\n`;

/** scam-reports-{YYYY-MM-DD}[-page-N].{csv|json} for the (local) current date. */
export function reportsFileName(extension: "csv" | "json", now: Date = new Date(), page?: number): string {
  return `scam-reports-${localDay(now)}${page ? `-page-${page}` : ""}.${extension}`;
}

export const reportSyncPhaseLabel = (phase: string | undefined) => syncPhaseLabel(phase, "scam reports");

/** The spec's words (§8, "Admin scam reports"). */
export const MESSAGES = {
  loadFailed: "Failed to load reports",
  detailsFailed: "Failed to load report details",
  downloadFailed: "Failed to download the file. Please try again.",
  deleteFailed: "Failed to delete report. Please try again.",
  deleteAllFailed: "Failed to delete all reports. Please try again.",
  deleteAllDone: "All reports have been successfully deleted",
  exportFailed: "Failed to export detailed reports. Please try again.",
  syncFailed: "Failed to sync scam reports",
  synced: "Successfully synced scam reports to Google Sheet",
  statusFailed: "Failed to change the report's status. Please try again.",
  deleteOne: "Are you sure you want to delete this report and its evidence files? This action cannot be undone.",
  deleteAllTitle: "Confirm Deletion of All Reports",
  deleteAll: "This will permanently delete all scam reports and their evidence files. This action cannot be undone.",
} as const;
