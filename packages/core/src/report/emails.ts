import { settings } from "../config";
import { escapeHtml, type Message } from "../mail";
import { formatUsd } from "./amount";
import { SCAM_TYPE_LABELS } from "./catalogue";
import type { Info as Report } from "./info";

/**
 * The e-mails after a scam report (spec §7, templates 8 and 7), as text and HTML. Everything the
 * visitor typed is escaped in the HTML and never goes into a subject line.
 */

const NOT_PROVIDED = "Not provided";
const NOT_AVAILABLE = "Not available";

const yesNo = (value: boolean) => (value ? "Yes" : "No");
const given = (value: string | undefined, fallback: string) => (value && value.trim() ? value : fallback);
/** Metadata the server could not derive is stored as "Unknown" (request/meta-details.ts). */
const derived = (value: string | undefined) => (value && value.trim() && value !== "Unknown" ? value : NOT_AVAILABLE);

/**
 * Template 8's parameters, under the spec's names, with its defaults for what is missing; without its
 * `ip_address` and the places derived from it (`meta_city`, `meta_region`, `meta_country`): a notice
 * is an e-mail, outside the console, and the console shows them (docs/architecture.md, departures).
 */
export function adminTemplateParams(report: Report) {
  const { reporter: r, meta: m } = report;
  return {
    reporter_name: given(r.fullName, NOT_PROVIDED),
    reporter_email: given(r.email, NOT_PROVIDED),
    reporter_city: given(r.city, NOT_PROVIDED),
    reporter_state: given(r.state, NOT_PROVIDED),
    reporter_age_range: given(r.ageRange, NOT_PROVIDED),
    speak_with_team: yesNo(r.speakWithTeam),
    share_anonymously: yesNo(r.shareAnonymously),
    browser: derived(m.browser),
    device_type: derived(m.deviceType),
    screen_resolution: derived(m.screenResolution),
    user_agent: derived(m.userAgent),
    timezone: derived(m.timezone),
  };
}
export type AdminTemplateParams = ReturnType<typeof adminTemplateParams>;

const ADMIN_LABELS: Record<keyof AdminTemplateParams, string> = {
  reporter_name: "Reporter name",
  reporter_email: "Reporter email",
  reporter_city: "Reporter city",
  reporter_state: "Reporter state",
  reporter_age_range: "Age range",
  speak_with_team: "Willing to speak with the team",
  share_anonymously: "Story may be shared anonymously",
  browser: "Browser",
  device_type: "Device type",
  screen_resolution: "Screen resolution",
  user_agent: "User agent",
  timezone: "Timezone",
};

const siteUrl = () => settings().SITE_URL.replace(/\/$/, "");
export const adminReportUrl = (reportId: string) => `${siteUrl()}/admin/scam-reports?report=${encodeURIComponent(reportId)}`;

const row = (label: string, value: string) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`;

/** The administrators' notice of a new report (template 8), with the reference and a link to it. */
export function adminNotification(report: Report): Omit<Message, "to"> {
  const params = adminTemplateParams(report);
  const link = adminReportUrl(report.id);
  const fields: [string, string][] = [
    ["Reference", report.reference],
    ["Submitted (EST)", `${report.createdDate} ${report.createdTime}`],
    ["Scam types", report.scamTypes.map((t) => SCAM_TYPE_LABELS[t.type]).join(", ")],
    ["Money lost", yesNo(report.moneyLost)],
    ["Amount lost", report.moneyLost ? formatUsd(report.amountLost) : "N/A"],
    ...(Object.keys(ADMIN_LABELS) as (keyof AdminTemplateParams)[]).map((k): [string, string] => [ADMIN_LABELS[k], params[k]]),
  ];
  return {
    subject: `New scam report ${report.reference}`,
    text: [...fields.map(([k, v]) => `${k}: ${v}`), "", `Review it: ${link}`].join("\n"),
    html: [
      "<h2>New scam report</h2>",
      `<table>${fields.map(([k, v]) => row(k, v)).join("")}</table>`,
      `<p><a href="${escapeHtml(link)}">Review the report in the admin console</a></p>`,
    ].join("\n"),
  };
}

/** "2025-03-07" → "03/07/2025", as created dates are shown. */
export const usDate = (day: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[2]}/${match[3]}/${match[1]}` : day;
};

/**
 * Template 7's parameters, under the spec's names, with its defaults. The spec's COMPANY_NAME is left
 * out (docs/architecture.md, departures): mail to the address a visitor typed carries only what the
 * site wrote and the visitor's own name, so nobody can make the site relay their text to a stranger.
 */
export function confirmationTemplateParams(report: Report) {
  return {
    REPORTER_NAME: report.reporter.fullName,
    DATE_OCCURRED: usDate(report.dateOccurred),
    REPORT_DATE: report.createdDate,
    MONEY_LOST: yesNo(report.moneyLost),
    AMOUNT_LOST: report.moneyLost ? formatUsd(report.amountLost) : "N/A",
  };
}
export type ConfirmationTemplateParams = ReturnType<typeof confirmationTemplateParams>;

export const WHAT_HAPPENS_NEXT = [
  "Initial review: our team reads every report.",
  "Data analysis: we look for patterns across reports to warn other owners and to support consumer-protection work.",
  "Support and resources: if you said you are willing to speak with us, we may contact you at this address.",
] as const;

/** The reporter's confirmation (template 7), with the reference number to quote. */
export function reporterConfirmation(report: Report): Omit<Message, "to"> {
  const p = confirmationTemplateParams(report);
  const summary: [string, string][] = [
    ["Reference number", report.reference],
    ["Date it occurred", p.DATE_OCCURRED],
    ["Date reported (EST)", p.REPORT_DATE],
    ["Money lost", p.MONEY_LOST],
    ["Amount lost", p.AMOUNT_LOST],
  ];
  const text = [
    `Dear ${p.REPORTER_NAME},`,
    "",
    "Thank you for reporting what happened to you. Your story matters: it helps us warn other timeshare owners.",
    "",
    ...summary.map(([k, v]) => `${k}: ${v}`),
    "",
    "Please quote your reference number if you contact us about this report.",
    "",
    "What happens next:",
    ...WHAT_HAPPENS_NEXT.map((step) => `- ${step}`),
  ].join("\n");
  const html = [
    `<p>Dear ${escapeHtml(p.REPORTER_NAME)},</p>`,
    "<p>Thank you for reporting what happened to you. Your story matters: it helps us warn other timeshare owners.</p>",
    `<table>${summary.map(([k, v]) => row(k, v)).join("")}</table>`,
    "<p>Please quote your reference number if you contact us about this report.</p>",
    "<p>What happens next:</p>",
    `<ul>${WHAT_HAPPENS_NEXT.map((step) => `<li>${escapeHtml(step)}</li>`).join("")}</ul>`,
  ].join("\n");
  return { subject: `Your scam report ${report.reference}`, text, html };
}
