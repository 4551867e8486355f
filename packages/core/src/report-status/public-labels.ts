import type { Status } from "../report/status";

/**
 * A report's triage status as its reporter reads it. The console's words (report/status.ts) are the
 * administrators': a report they marked as spam is "Closed" to its reporter, who is never told it was
 * judged spam. Pure: the browser may load it.
 */
export const PUBLIC_REPORT_STATUS_LABELS: Record<Status, string> = {
  new: "Received",
  in_review: "Being reviewed",
  resolved: "Reviewed",
  spam: "Closed",
};

/** The public words of a stored status; an unknown one (a later status) reads as received. */
export const publicReportStatus = (status: string): string => PUBLIC_REPORT_STATUS_LABELS[status as Status] ?? PUBLIC_REPORT_STATUS_LABELS.new;
