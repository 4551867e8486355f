import type { PrivacyRequestRow } from "@site/core/privacy/index-item";
import { ERASED_KINDS, ERASED_KIND_LABELS, REQUEST_STATUSES, type ErasedCounts, type RequestStatus } from "@site/core/privacy/answers";
import { DELETION_LINK_HOURS, DELETION_REQUEST_RECORD_DAYS } from "@site/core/policy/retention";
import { formatDateTimeNY } from "../../../lib/format";
import type { SortOption } from "../../lib/sorting";

/**
 * The deletion-request list's data and labels (/admin/privacy). The row and the kinds
 * come from the server's pure modules; the list and the count cards are answered by a module that
 * uses the AWS SDK (privacy/listing.ts), so their shapes are declared here.
 */
export type { RequestStatus };
export { REQUEST_STATUSES };

/** A listed request: its status derived by the server ("expired": pending past its link's validity). */
export type RequestRow = Omit<PrivacyRequestRow, "status"> & { status: RequestStatus };

/** The count cards' answer (privacy/listing.ts `counts`). */
export interface RequestCounts {
  total: number;
  byStatus: Record<RequestStatus, number>;
}

export const STATUS_LABELS: Record<RequestStatus, string> = {
  pending: "Pending",
  confirmed: "Confirmed",
  completed: "Completed",
  expired: "Expired",
};

export const STATUS_COLORS: Record<RequestStatus, string> = {
  pending: "yellow",
  confirmed: "blue",
  completed: "green",
  expired: "gray",
};

export const STATUS_FILTER = [{ value: "", label: "Any" }, ...REQUEST_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))];

/** Newest request first by default (privacy/listing.ts SORTS). */
export const REQUEST_SORTS: SortOption[] = [
  { value: "requested_at", label: "Requested At", api: "requestedAt" },
  { value: "status", label: "Status", api: "status" },
  { value: "completed_at", label: "Completed At", api: "completedAt" },
];

/** The API's default page is 50, its largest 500. */
export const PAGE_SIZE = 50;
export const PAGE_SIZES = [25, 50, 100, 250];

/** How much of the person hash the list shows (the whole hash is in its tooltip). */
export const PERSON_PREFIX = 12;
export const personPrefix = (hash: string) => hash.slice(0, PERSON_PREFIX);

/** An ISO UTC time in US Eastern ("MM/DD/YYYY HH:mm"), "—" for none. */
export const easternTime = (iso: string | undefined) => (iso ? formatDateTimeNY(iso) : "—");

/** The counts of a row's `erased` JSON (kinds missing or malformed count 0); null when there are none. */
export function erasedCounts(erased: string): ErasedCounts | null {
  if (!erased) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(erased);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== "object") return null;
  const counts = Object.fromEntries(
    ERASED_KINDS.map((kind) => {
      const n = Number((parsed as Record<string, unknown>)[kind]);
      return [kind, Number.isInteger(n) && n > 0 ? n : 0];
    }),
  ) as ErasedCounts;
  return counts;
}

/** A kind's label without its parenthesis, for a table cell ("scam report", not "scam report (with its evidence files)"). */
const shortLabel = (label: string) => label.replace(/\s*\(.*\)\s*$/, "");

/** "2 petition signatures, 1 scam report, 4 free-guide requests, 1 newsletter subscription"; "—" when nothing was erased. */
export function erasedText(erased: string): string {
  const counts = erasedCounts(erased);
  if (!counts) return "—";
  const parts = ERASED_KINDS.filter((kind) => counts[kind] > 0).map((kind) => {
    const n = counts[kind];
    return `${n} ${shortLabel(n === 1 ? ERASED_KIND_LABELS[kind].one : ERASED_KIND_LABELS[kind].many)}`;
  });
  return parts.length ? parts.join(", ") : "—";
}

/** "2 years" / "90 days". */
const period = (days: number) => (days % 365 === 0 ? `${days / 365} year${days === 365 ? "" : "s"}` : `${days} days`);

export const EXPLANATION =
  "A deletion request holds a keyed hash of the e-mail address, never the address itself: the Person column shows the start of that hash " +
  "(hover for all of it; search with it, or with the whole address, to find the same person's requests). " +
  `The e-mailed link works for ${DELETION_LINK_HOURS} hours; ` +
  `a request not confirmed by then is listed as expired. Requests are listed for ${period(DELETION_REQUEST_RECORD_DAYS)}.`;

export const MESSAGES = {
  loadFailed: "Failed to load deletion requests",
  countsFailed: "Failed to load deletion request counts",
  refreshFailed: "Failed to refresh. Please try again.",
  empty: "No deletion requests found",
} as const;
