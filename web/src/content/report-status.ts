import { LINK_HOURS } from "@site/core/report-status/answers";

/**
 * Words of /report-status (the reporter asks for a link to follow their report), the status page the
 * link opens, and the page that stops the case's status e-mails.
 */

export const REQUEST = {
  eyebrow: "Your report",
  title: "Follow Your Report",
  lead: "See where your scam report stands. Enter its reference number and the e-mail address you gave, and we will e-mail you a link to its status.",
  formTitle: "Get a link to your report's status",
  reference: "Reference number",
  referencePlaceholder: "TSR-7K3M-9QX2",
  email: "Email",
  submit: "E-mail Me a Link",
  busy: "Sending...",
  successTitle: "Check your inbox",
  errorTitle: "Your request was not sent",
  unreachable: "We could not reach our server. Please check your connection and try again.",
  stepsTitle: "How it works",
  steps: [
    "Your reference number is on the page you saw after reporting, and in the confirmation e-mail if you asked for updates.",
    "We e-mail the link only to the address your report holds. We give everyone the same answer, whether or not the number and the address match a report, so nobody can use this page to find out whether someone reported a scam.",
    `Open the link within ${LINK_HOURS} hours. It shows your report's status and, when your report is part of a case with other reports of the same scam, that case's status.`,
  ],
  noReference: "Lost your reference number? Write to us from the address you used and we will find your report.",
} as const;

export const STATUS = {
  title: "Your Report's Status",
  loading: "Loading your report's status…",
  reference: "Reference number",
  status: "Status",
  submitted: "Submitted",
  caseTitle: "Part of a case",
  caseText: "Your report is part of a case: reports from several owners about the same scammers, which the foundation follows together.",
  caseReference: "Case",
  caseStatus: "Case status",
  noCase: "Your report is not part of a case yet. When we find other reports about the same scammers, we link them into a case and its status appears here.",
  updates: "You asked for updates: we e-mail you when the case's status changes.",
  invalidTitle: "This link does not work",
  expiredTitle: "This link has expired",
  askAgain: "Ask for a new link",
  failed: "We could not load your report's status. Please try again in a few minutes.",
} as const;

export const STOP = {
  title: "Stop e-mails about your report",
  intro:
    "You asked to be told when your report's case changes status. Stop these e-mails? Your report stays, and you can still follow it from the status page.",
  button: "Stop these e-mails",
  incomplete: "This link is incomplete. Please open the link from your e-mail again, or copy the whole address.",
  stopped: "You will get no more e-mails about your report's case. Your report stays with us and still counts.",
  already: "You already get no e-mails about your report's case: there is nothing more to do.",
  doneTitle: "No more e-mails",
  failedTitle: "Nothing was changed",
  unreachable: "We could not reach the site. Please check your connection and try again.",
} as const;

/** The link beside the reference number on /report-scam/thank-you. */
export const FOLLOW_FROM_THANK_YOU = "Follow your report's status";
