import { LEAD_ADMIN_MESSAGES, LEAD_FORMS, LEAD_FORM_INFO, type LeadForm } from "@site/core/lead/forms";
import type { Details as LeadDetails } from "@site/core/lead/admin";
import type { FormSummary } from "@site/core/lead/listing";
import { LEAD_CSV_COLUMNS, leadCells, submittedAt, type LeadRow } from "@site/core/lead/record";
import { toCsv } from "@site/core/util/csv";
import type { SortOption } from "./sorting";
import { datedFileName } from "./files";
import { syncPhaseLabel } from "./jobs";

/**
 * The free-guide lists' data, labels and files (/admin/forms and /admin/forms/<slug>). The row and
 * the catalogue are the server's pure modules; the answers' shapes are the server's own types,
 * imported as types only (erased from the bundle: no AWS SDK reaches the browser).
 */
export type { LeadRow } from "@site/core/lead/record";
export type { FormSummary, LeadDetails };
export { LEAD_ADMIN_MESSAGES, LEAD_CSV_COLUMNS, LEAD_FORM_INFO, submittedAt, type LeadForm };

/** `GET /api/admin/leads` (lead/listing.ts `summary`). */
export interface FormsSummary {
  forms: FormSummary[];
}

/** What the details dialog shows: a list row at once, then the full record's extras. */
export type LeadView = LeadRow & { userAgent?: string; latitude?: string; longitude?: string };

export function leadViewOf(d: LeadDetails): LeadView {
  const { meta, formTitle: _title, documentTitle: _document, ...top } = d;
  return { ...top, ...meta };
}

/** The spec's card order on /admin/forms. */
export const ADMIN_FORM_ORDER: readonly LeadForm[] = ["where-scams-thrive", "before-you-sign", "spotting-exit-scams", "checklist"];

/** The form a list's slug (/admin/forms/<slug>) names, or undefined. */
export function formOfSlug(slug: string | undefined): LeadForm | undefined {
  return LEAD_FORMS.find((form) => LEAD_FORM_INFO[form].adminSlug === slug);
}

/** Newest first by default (lead/listing.ts SORTS). */
export const LEAD_SORTS: SortOption[] = [
  { value: "created_at", label: "Submission Date", api: "createdAt" },
  { value: "full_name", label: "Full Name", api: "fullName" },
  { value: "email", label: "Email", api: "email" },
];

/** The API's default page is 50, its largest 500. */
export const PAGE_SIZE = 50;
export const PAGE_SIZES = [25, 50, 100, 250];

export const consentText = (consent: boolean) => (consent ? "Yes" : "No");

/** Metadata the server could not derive is stored as "Unknown". */
const known = (value: string | undefined): value is string => Boolean(value && value.trim() && value !== "Unknown");

/** "Orlando, Florida, US" from what is known; "" (shown as N/A) when nothing is. */
export const locationText = (r: Pick<LeadRow, "city" | "region" | "country">) => [r.city, r.region, r.country].filter(known).join(", ");

/** The card's latest submission time (US Eastern), or null when the form has none. */
export function latestText(summary: Pick<FormSummary, "latest"> | undefined): string | null {
  return summary?.latest ? `${submittedAt(summary.latest)} EST` : null;
}

/** The export file's text: LEAD_CSV_COLUMNS in order, Yes/No for consent, every value quoted. */
export function leadsCsv(rows: LeadRow[]): string {
  return toCsv([...LEAD_CSV_COLUMNS], rows.map(leadCells));
}

/** {slug}-submissions-{YYYY-MM-DD}.csv for the (local) current date. */
export function leadsFileName(form: LeadForm, now: Date = new Date()): string {
  return datedFileName(`${LEAD_FORM_INFO[form].adminSlug}-submissions`, "csv", now);
}

export const leadSyncPhaseLabel = (phase: string | undefined) => syncPhaseLabel(phase, "submissions");

/** The spec's words (§8 "Admin lists"), and ours where it has none. */
export const LEAD_LIST_MESSAGES = {
  ...LEAD_ADMIN_MESSAGES,
  loadFailed: "Failed to load submissions",
  summaryFailed: "Failed to load submission counts",
  detailsFailed: "Failed to load submission details",
  deleteFailed: "Failed to delete submission",
  deleteAllFailed: "Failed to delete all submissions",
  deleteAllDone: "All submissions have been deleted",
  deleteAllTitle: "Confirm Deletion of All Submissions",
  deleted: "Submission deleted",
  exportFailed: "Failed to export submissions",
  refreshFailed: "Failed to refresh. Please try again.",
  syncFailed: "Failed to sync with Google Sheets",
  notFound: "Form not found",
} as const;

/** The failure toast of a sync: 'Sync failed: ' and the reason, or the spec's fallback. */
export const syncFailedMessage = (reason: string | undefined) => (reason?.trim() ? `Sync failed: ${reason}` : LEAD_LIST_MESSAGES.syncFailed);
