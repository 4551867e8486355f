import { settings } from "../config";
import { escapeHtml, type Message } from "../mail";
import { LINK_HOURS } from "./answers";

/**
 * The reporter's e-mails: the status link they asked for, and the news that their report's case
 * changed status. Each carries only what the site wrote and the report's reference number (never
 * the reporter's or the scammer's words), so nobody can make the site relay their text.
 */

const site = () => settings().SITE_URL.replace(/\/$/, "");

export const statusPageUrl = (token: string) => `${site()}/report-status/${encodeURIComponent(token)}`;
/** The form where a reporter asks for a fresh link. */
export const requestPageUrl = () => `${site()}/report-status`;

export function linkEmail(token: string, reference: string): Omit<Message, "to"> {
  const link = statusPageUrl(token);
  const intro = `You asked to follow your scam report ${reference}. Open this link within ${LINK_HOURS} hours to see its status:`;
  const ignore = "If you did not ask for this, ignore this e-mail: the link shows the status only, and nothing changes.";
  return {
    subject: `The status of your report ${reference}`,
    text: [intro, "", link, "", ignore].join("\n"),
    html: [`<p>${escapeHtml(intro)}</p>`, `<p><a href="${escapeHtml(link)}">See my report's status</a></p>`, `<p>${escapeHtml(ignore)}</p>`].join("\n"),
  };
}

export interface StatusChange {
  reference: string;
  /** the case's new status, in public words (cases/status.ts PUBLIC_STATUS_LABELS) */
  status: string;
  unsubscribePage: string;
  headers: Record<string, string>;
}

export function statusChangeEmail(change: StatusChange): Omit<Message, "to"> {
  const lines = [
    `Your scam report ${change.reference} is part of a case the foundation follows, and that case has a new status:`,
    change.status,
    "You asked us to tell you when this happens. To see your report's status at any time, ask for a link with your reference number and e-mail address:",
  ];
  const stop = "Stop these e-mails:";
  return {
    subject: `News of your report ${change.reference}`,
    headers: change.headers,
    text: [lines[0], "", `  ${lines[1]}`, "", lines[2], requestPageUrl(), "", stop, change.unsubscribePage].join("\n"),
    html: [
      `<p>${escapeHtml(lines[0])}</p>`,
      `<p><strong>${escapeHtml(lines[1])}</strong></p>`,
      `<p>${escapeHtml(lines[2])} <a href="${escapeHtml(requestPageUrl())}">${escapeHtml(requestPageUrl())}</a></p>`,
      `<p><a href="${escapeHtml(change.unsubscribePage)}">Stop these e-mails</a></p>`,
    ].join("\n"),
  };
}
