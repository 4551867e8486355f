/**
 * What the reporter's status routes answer, and the words their pages and messages share. No zod and
 * no AWS: the pages import it with their first load (input.ts, the schemas, loads with the form).
 */

/** How long an e-mailed status link works. */
export const LINK_HOURS = 24;

export const REPORT_STATUS_MESSAGES = {
  missingReference: "Please enter the reference number of your report",
  badReference: "Enter the reference number from your confirmation, like TSR-7K3M-9QX2",
  missingEmail: "Please enter the e-mail address you gave in your report",
  badEmail: "Please enter a valid e-mail address",
  /** The one answer to every well-formed request, whether or not the pair names a report. */
  sent: `If this reference number and e-mail address match a report, we have e-mailed a link to its status page. It works for ${LINK_HOURS} hours.`,
  invalidLink: "This status link is not valid. Please open the link from your e-mail again, or ask for a new one.",
  expiredLink: "This status link has expired. Ask for a new one with your reference number and e-mail address.",
  invalidUnsubscribe: "This unsubscribe link is not valid. Please open the link from your e-mail again.",
  failed: "We could not send your request. Please try again in a few minutes.",
} as const;

/** The answer to every well-formed link request (202), whatever it names. */
export interface LinkRequested {
  status: "sent";
}

/** GET /api/report-status/{token}: what the reporter sees, and nothing else of the report. */
export interface ReportStatusView {
  reference: string;
  /** the report's triage status, in public words (public-labels.ts) */
  status: string;
  /** ISO UTC */
  createdAt: string;
  /** the case the report is in, if any */
  case?: { reference: string; status: string };
  /** the reporter asked for e-mails when the case's status changes, and has not stopped them */
  updates: boolean;
}

export interface Unsubscribed {
  status: "unsubscribed" | "already_unsubscribed";
}
