import { settings } from "../config";
import { escapeHtml, type Message } from "../mail";
import { LEAD_FORM_INFO } from "./forms";
import type { Info as Lead } from "./info";

/**
 * The e-mails after a free-guide submission (spec §7, templates 10 to 16): the visitor's, which
 * delivers the document, and the administrators' notice. Text and HTML; everything the visitor
 * typed is escaped in the HTML and never goes into a subject line.
 */

const NOT_AVAILABLE = "Not available";

const siteUrl = () => settings().SITE_URL.replace(/\/$/, "");

/** Where the form's PDF is served: `${SITE_URL}/guides/<pdfFile>`. */
export const guideUrl = (form: Lead["form"]) => `${siteUrl()}/guides/${encodeURIComponent(LEAD_FORM_INFO[form].pdfFile)}`;
export const pageUrl = (form: Lead["form"]) => `${siteUrl()}${LEAD_FORM_INFO[form].path}`;
export const adminListUrl = (form: Lead["form"]) => `${siteUrl()}/admin/forms/${LEAD_FORM_INFO[form].adminSlug}`;

/** Metadata the server could not derive is stored as "Unknown" (request/meta-details.ts). */
const known = (value: string | undefined) => Boolean(value && value.trim() && value !== "Unknown");
const derived = (value: string | undefined) => (known(value) ? value! : NOT_AVAILABLE);

const row = (label: string, value: string) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`;

/** The visitor's e-mail: a working link to the PDF, naming the document. */
export function guideDelivery(lead: Lead): Omit<Message, "to"> {
  const info = LEAD_FORM_INFO[lead.form];
  const link = guideUrl(lead.form);
  const text = [
    `Dear ${lead.fullName},`,
    "",
    `Thank you for requesting our free ${info.resource}, "${info.documentTitle}".`,
    "",
    `Download it here (PDF): ${link}`,
    "",
    `You can also read it online: ${pageUrl(lead.form)}`,
    "",
    "Never pay anyone upfront to get out of a timeshare, and take your time before you sign anything.",
  ].join("\n");
  const html = [
    `<p>Dear ${escapeHtml(lead.fullName)},</p>`,
    `<p>Thank you for requesting our free ${escapeHtml(info.resource)}, <strong>${escapeHtml(info.documentTitle)}</strong>.</p>`,
    `<p><a href="${escapeHtml(link)}">Download ${escapeHtml(info.documentTitle)} (PDF)</a></p>`,
    `<p>You can also <a href="${escapeHtml(pageUrl(lead.form))}">read it online</a>.</p>`,
    "<p>Never pay anyone upfront to get out of a timeshare, and take your time before you sign anything.</p>",
  ].join("\n");
  return { subject: info.documentTitle, text, html };
}

/** The administrators' notice of a submission, per form. */
export function adminNotification(lead: Lead): Omit<Message, "to"> {
  const info = LEAD_FORM_INFO[lead.form];
  const m = lead.meta;
  const fields: [string, string][] = [
    ["Form", info.adminTitle],
    ["Full name", lead.fullName],
    ["Email", lead.email],
    ["Submitted (EST)", `${lead.createdDate} ${lead.createdTime}`],
    ["Newsletter consent", lead.newsletterConsent ? "Yes" : "No"],
    // no IP address and no place derived from it: a notice leaves the console (docs/architecture.md, N9)
    ["Device", derived(m.deviceType)],
    ["Browser", derived(m.browser)],
    ["Screen resolution", derived(m.screenResolution)],
    ["Language", derived(m.language)],
    ["Timezone", derived(m.timezone)],
  ];
  const link = adminListUrl(lead.form);
  return {
    subject: `New submission: ${info.adminTitle}`,
    text: [...fields.map(([k, v]) => `${k}: ${v}`), "", `All submissions: ${link}`].join("\n"),
    html: [
      `<h2>New submission: ${escapeHtml(info.adminTitle)}</h2>`,
      `<table>${fields.map(([k, v]) => row(k, v)).join("")}</table>`,
      `<p><a href="${escapeHtml(link)}">See all submissions</a></p>`,
    ].join("\n"),
  };
}
