export * as ReportStatus from "./index";

/**
 * The reporter follows their report (issue 41, item 4): a status link e-mailed on request (reference
 * number and address, no enumeration: link.ts), the status page it opens (status.ts), and an e-mail
 * on each status change of the report's case to the reporters who asked (updates.ts), with a
 * one-click unsubscribe (unsubscribe.ts). Reads report/ and cases/, writes only its own items (the
 * link's token, the daily allowance) and the report's stop mark.
 */
export { Events } from "./events";
export { LINKS_PER_REPORT_PER_DAY, countAttempt, onRequested, request } from "./link";
export { view } from "./status";
export { ExpiredStatusLink, InvalidStatusLink } from "./token";
export { onCaseStatusChanged } from "./updates";
export { InvalidUnsubscribeLink, stop } from "./unsubscribe";
export { LINK_HOURS, LinkRequestInput, REPORT_STATUS_MESSAGES, UnsubscribeInput, type LinkRequested, type ReportStatusView, type Unsubscribed } from "./input";
