import { formatUsd } from "@site/core/report/amount";
import { SCAM_TYPE_LABELS, type ScamType } from "@site/core/report/catalogue";
import { formatDateTimeNY } from "../../../lib/format";
import type { SortOption } from "../../lib/sorting";
import { CASE_STATUSES, STATUS_LABELS, type CaseStatus } from "@site/core/cases/status";

/**
 * The cases screens' data and words (/admin/cases, /admin/cases/:id, /admin/cases/proposals). The
 * types and the statuses come from the server's pure modules (packages/core/src/cases).
 */
export { CASE_STATUSES, type CaseStatus };
export type { CaseDetails, CaseHead, CaseIdentifier, CaseReport, Proposal, TimelineEntry } from "@site/core/cases/info";
/** A case as the list shows it (its index row: states and scam types comma-separated, no assignee "") */
export type { CaseRow } from "@site/core/cases/index-item";

export const CASE_STATUS_LABELS = STATUS_LABELS;

export const CASE_STATUS_COLORS: Record<CaseStatus, string> = { open: "blue", investigating: "yellow", referred: "grape", closed: "gray" };

export const caseStatusLabel = (status: string) => CASE_STATUS_LABELS[status as CaseStatus] ?? status;

export { NOTE_MAX, TITLE_MAX } from "@site/core/cases/input";

/** Newest case first by default (the route's sorts). */
export const CASE_SORTS: SortOption[] = [
  { value: "created_at", label: "Newest", api: "createdAt" },
  { value: "last_report", label: "Last Report", api: "lastReportAt" },
  { value: "reports", label: "Reports", api: "reports" },
  { value: "amount_lost", label: "Amount Lost", api: "amountLost" },
  { value: "title", label: "Title", api: "title" },
  { value: "status", label: "Status", api: "status" },
];

export const PAGE_SIZE = 25;
export const PAGE_SIZES = [10, 25, 50, 100];

export const STATUS_FILTER = [{ value: "", label: "Any" }, ...CASE_STATUSES.map((value) => ({ value, label: CASE_STATUS_LABELS[value] }))];
export const STATUS_OPTIONS = CASE_STATUSES.map((value) => ({ value, label: CASE_STATUS_LABELS[value] }));

export const IDENTIFIER_LABELS: Record<string, string> = { company: "Company", person: "Person", phone: "Phone", domain: "Website", profile: "Profile" };
export const identifierLabel = (type: string) => IDENTIFIER_LABELS[type] ?? type;

/** "Fake Resale Offer, Other"; "—" for none. */
export function scamTypesList(types: string[] | string): string {
  const list = (typeof types === "string" ? types.split(",") : types).filter(Boolean);
  return list.length ? list.map((t) => SCAM_TYPE_LABELS[t as ScamType] ?? t).join(", ") : "—";
}

/** "FL, GA" from a list or the index row's "FL,GA"; "—" for none. */
export function statesList(states: string[] | string): string {
  const list = (typeof states === "string" ? states.split(",") : states).filter(Boolean);
  return list.length ? list.join(", ") : "—";
}

export const amountText = (amount: number | null | undefined) => (typeof amount === "number" ? formatUsd(amount) : "—");

/** An ISO time in US Eastern ("MM/DD/YYYY HH:mm"), "—" for none. */
export const easternTime = (iso: string | null | undefined) => (iso ? formatDateTimeNY(iso) : "—");

/** The report's details in the scam reports screen (its deep link opens them). */
export const reportLink = (reportId: string) => `/admin/scam-reports?report=${encodeURIComponent(reportId)}`;
export const caseLink = (caseId: string) => `/admin/cases/${encodeURIComponent(caseId)}`;

export const MESSAGES = {
  loadFailed: "Failed to load cases",
  refreshFailed: "Failed to refresh. Please try again.",
  caseFailed: "Failed to load the case",
  updateFailed: "Failed to save the case. Please try again.",
  noteFailed: "Failed to add the note. Please try again.",
  mergeFailed: "Failed to merge the cases. Please try again.",
  splitFailed: "Failed to split the case. Please try again.",
  publishFailed: "Failed to publish the alert. Please try again.",
  proposalsFailed: "Failed to load the proposed links",
  confirmFailed: "Failed to confirm the proposal. Please try again.",
  dismissFailed: "Failed to dismiss the proposal. Please try again.",
  packFailed: "Failed to make the case pack. Please try again.",
  empty: "No cases found",
} as const;
