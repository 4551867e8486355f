import { consentsOf, earlierConsentsOf, subscribersCsv, type SubscriberRow } from "@site/core/newsletter/record";
import { SOURCE_GROUPS, SOURCE_GROUP_LABELS, STATUS_LABELS, sourceGroupsOf, sourceLabel, type SourceGroup } from "@site/core/newsletter/sources";
import type { Status } from "@site/core/newsletter/subscriber";
import { formatDateTimeNY } from "../../../lib/format";
import type { SortOption } from "../../lib/sorting";
import { datedFileName } from "../../lib/files";

/**
 * The subscriber list's data, labels and file (/admin/newsletter). The row, the source kinds and the
 * CSV come from the server's pure modules; the count cards' answer comes from a module that uses
 * the AWS SDK, so its shape is declared here.
 */
export type { SubscriberRow, SourceGroup, Status };
export { SOURCE_GROUPS, SOURCE_GROUP_LABELS, STATUS_LABELS, consentsOf, earlierConsentsOf, sourceGroupsOf, sourceLabel, subscribersCsv };

/** The count cards' answer (newsletter/listing.ts `counts`). */
export interface SubscriberCounts {
  total: number;
  byStatus: Record<Status, number>;
  bySource: Record<SourceGroup, number>;
}

export const STATUSES: Status[] = ["confirmed", "unconfirmed", "unsubscribed", "bounced", "complained"];

export const STATUS_COLORS: Record<Status, string> = {
  confirmed: "green",
  unconfirmed: "yellow",
  unsubscribed: "gray",
  bounced: "orange",
  complained: "red",
};

export const STATUS_FILTER = [{ value: "", label: "Any" }, ...STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))];
export const SOURCE_FILTER = [{ value: "", label: "Any" }, ...SOURCE_GROUPS.map((value) => ({ value, label: SOURCE_GROUP_LABELS[value] }))];

/** Latest consent first by default (newsletter/listing.ts SORTS). */
export const SUBSCRIBER_SORTS: SortOption[] = [
  { value: "last_consent", label: "Latest Consent", api: "lastConsentAt" },
  { value: "email", label: "Email", api: "email" },
  { value: "name", label: "Name", api: "name" },
  { value: "status", label: "Status", api: "status" },
  { value: "confirmed_at", label: "Confirmed At", api: "confirmedAt" },
];

/** The API's default page is 50, its largest 500. */
export const PAGE_SIZE = 50;
export const PAGE_SIZES = [25, 50, 100, 250];

/** "Petition, Free guide": the kinds of a row's consents, for the list's column. */
export const sourceKindsText = (row: Pick<SubscriberRow, "sources">) =>
  sourceGroupsOf(row.sources)
    .map((k) => SOURCE_GROUP_LABELS[k])
    .join(", ");

/** An ISO UTC time in US Eastern ("MM/DD/YYYY HH:mm"), "—" for none. */
export const easternTime = (iso: string | undefined) => (iso ? formatDateTimeNY(iso) : "—");

/** When an unconfirmed subscriber is removed (its TTL, epoch seconds), or null. */
export const removalTime = (row: Pick<SubscriberRow, "status" | "expiresAt">) =>
  row.status === "unconfirmed" && Number(row.expiresAt) > 0 ? new Date(Number(row.expiresAt) * 1000).toISOString() : null;

/** newsletter-subscribers-{YYYY-MM-DD}.csv for the (local) current date. */
export function subscribersFileName(now: Date = new Date()): string {
  return datedFileName("newsletter-subscribers", "csv", now);
}

export const MESSAGES = {
  loadFailed: "Failed to load subscribers",
  countsFailed: "Failed to load subscriber counts",
  refreshFailed: "Failed to refresh. Please try again.",
  exportFailed: "Failed to export subscribers",
  empty: "No subscribers found",
  unsubscribeTitle: "Unsubscribe Subscriber",
  unsubscribe: (email: string) => `Unsubscribe ${email}? They will receive no further newsletter issues until they subscribe again and confirm.`,
  unsubscribed: "Subscriber unsubscribed",
  alreadyUnsubscribed: "This subscriber had already unsubscribed",
  unsubscribeFailed: "Failed to unsubscribe subscriber",
  deleteTitle: "Delete Subscriber",
  deleteOne: "Are you sure you want to delete this subscriber and their consent history? This action cannot be undone.",
  deleted: "Subscriber deleted",
  deleteFailed: "Failed to delete subscriber",
} as const;
