/**
 * The four free-resource forms (spec "Lead-capture pages", "Admin: the four submission
 * lists"): one catalogue that the public pages, the API, the e-mails, the spreadsheet tabs and the
 * admin lists all read. Browser-safe: no AWS SDK.
 */
export const LEAD_FORMS = ["checklist", "where-scams-thrive", "before-you-sign", "spotting-exit-scams"] as const;
export type LeadForm = (typeof LEAD_FORMS)[number];

export const isLeadForm = (value: string): value is LeadForm => (LEAD_FORMS as readonly string[]).includes(value);

/** A form's spreadsheet tab as erasure, retention and their events name it (its title is `sheetTab`). */
export const leadSheetTabId = (form: LeadForm) => `leads:${form}`;

export interface LeadFormInfo {
  form: LeadForm;
  /** the public page */
  path: string;
  /** what the visitor receives, as the success toast names it */
  resource: "checklist" | "fact sheet" | "guide";
  /** the document's title (page heading, PDF title, e-mail subject) */
  documentTitle: string;
  /** the PDF, served from the site: `/guides/<file>` */
  pdfFile: string;
  /** the reCAPTCHA action (spec: download_guide, download_report, download_guide; the page mapping is ours) */
  captchaAction: "download_guide" | "download_report";
  /** the message while the bot check is not ready (spec: the checklist's differs) */
  captchaNotReady: string;
  /** spec: the checklist and spotting pages clear the form after success */
  clearsOnSuccess: boolean;
  /** the card on /admin/forms */
  adminTitle: string;
  /** the list's heading, e.g. 'Timeshare Scam Checklist - Submissions' */
  listTitle: string;
  /** /admin/forms/<adminSlug> */
  adminSlug: string;
  /** the spreadsheet tab */
  sheetTab: string;
}

const NOT_READY = "Form validation not yet available. Please try again.";

export const LEAD_FORM_INFO: Record<LeadForm, LeadFormInfo> = {
  checklist: {
    form: "checklist",
    path: "/timeshare-scam-checklist",
    resource: "checklist",
    documentTitle: "The Timeshare Scam Checklist",
    pdfFile: "timeshare-scam-checklist.pdf",
    captchaAction: "download_guide",
    captchaNotReady: "Please wait a moment while we initialize the form security...",
    clearsOnSuccess: true,
    adminTitle: "Free Checklist",
    listTitle: "Timeshare Scam Checklist - Submissions",
    adminSlug: "checklist",
    sheetTab: "Checklist Submissions",
  },
  "where-scams-thrive": {
    form: "where-scams-thrive",
    path: "/where-scams-thrive",
    resource: "fact sheet",
    documentTitle: "Where Timeshare Scams Thrive",
    pdfFile: "where-timeshare-scams-thrive.pdf",
    captchaAction: "download_report",
    captchaNotReady: NOT_READY,
    clearsOnSuccess: false,
    adminTitle: "Where Timeshare Scams Thrive",
    listTitle: "Where Timeshare Scams Thrive - Submissions",
    adminSlug: "where-scams-thrive",
    sheetTab: "Where Scams Thrive Submissions",
  },
  "before-you-sign": {
    form: "before-you-sign",
    path: "/before-you-sign",
    resource: "guide",
    documentTitle: "Before You Sign a Timeshare Contract",
    pdfFile: "before-you-sign.pdf",
    captchaAction: "download_guide",
    captchaNotReady: NOT_READY,
    clearsOnSuccess: false,
    adminTitle: "Before You Sign a Contract",
    listTitle: "Before You Sign a Contract - Submissions",
    adminSlug: "before-you-sign",
    sheetTab: "Before You Sign Submissions",
  },
  "spotting-exit-scams": {
    form: "spotting-exit-scams",
    path: "/spotting-exit-scams",
    resource: "guide",
    documentTitle: "Spotting Timeshare Exit Scams",
    pdfFile: "spotting-exit-scams.pdf",
    captchaAction: "download_guide",
    captchaNotReady: NOT_READY,
    clearsOnSuccess: true,
    adminTitle: "Spotting Exit Scams",
    listTitle: "Spotting Exit Scams - Submissions",
    adminSlug: "spotting-exit-scams",
    sheetTab: "Spotting Exit Scams Submissions",
  },
};

/** The spec's messages of the four forms, word for word where it gives them. */
export const LEAD_MESSAGES = {
  consentLabel: "Get scam alerts and tips straight to your inbox\u2014no spam, just protection.",
  missingField: "Please fill in all required fields.",
  badEmail: "Please enter a valid email address.",
  captchaFailed: "Security verification failed. Please try again.",
  /** The server failed (spec: the database insert failed). */
  saveFailed: "Failed to save your submission. Please try again.",
  /** The server could not be reached at all (spec: the forms' generic failure). */
  processFailed: "Failed to process your request. Please try again.",
  /** the success toast (auto-hides after SUCCESS_TOAST_MS) */
  sent: (info: Pick<LeadFormInfo, "resource">, email: string) => `Success! Your free ${info.resource} has been sent to ${email}.`,
} as const;

export const SUCCESS_TOAST_MS = 6000;

/** The spec's admin texts of the four lists. */
export const LEAD_ADMIN_MESSAGES = {
  empty: "No submissions found",
  deleteOne: "Are you sure you want to delete this submission? This action cannot be undone.",
  deleteAll: "This will permanently delete all submissions. This action cannot be undone.",
  synced: "Successfully synced with Google Sheets",
} as const;
