import type { LeadForm, LeadFormInfo } from "@site/core/lead/forms";

/**
 * Words of the four free-guide pages (/timeshare-scam-checklist, /where-scams-thrive,
 * /before-you-sign, /spotting-exit-scams) around their documents. The documents themselves (title,
 * subtitle, summary, sections, sources) are packages/core/src/guides, shared with the PDFs; the
 * form's fixed messages are the spec's (packages/core/src/lead/forms.ts, LEAD_MESSAGES).
 */

type Resource = LeadFormInfo["resource"];

/** The hero's small label above the title. */
export const GUIDE_EYEBROW: Record<LeadForm, string> = {
  checklist: "Free checklist",
  "where-scams-thrive": "Free fact sheet",
  "before-you-sign": "Free guide",
  "spotting-exit-scams": "Free guide",
};

export const LEAD_FORM_WORDS = {
  title: (resource: Resource) => `Get the ${resource} by e-mail`,
  intro: (resource: Resource) => `A printable PDF of this ${resource}, sent to your inbox right away. It is free, and always will be.`,
  fullName: "Full Name",
  email: "Email",
  submit: (resource: Resource) => `Send Me the ${resource.replace(/\b\w/g, (c) => c.toUpperCase())}`,
  sending: "Sending...",
  errorTitle: "Your request was not sent",
  privacy: (resource: Resource) =>
    `We use your name and e-mail address to send you the ${resource} and to keep a record of your request. We send scam alerts and tips only if you tick the box, and we never sell your data.`,
  /** Shown once those pages exist: "Read our privacy policy." "You can ask us to delete your data." */
  privacyPolicy: { before: "Read our", link: "privacy policy" },
  deletion: { before: "You can", link: "ask us to delete your data" },
} as const;

export const GUIDE_ARTICLE_WORDS = {
  /** The list of the document's sections, above it. */
  contents: (resource: Resource) => `In this ${resource}`,
  sources: "Sources",
  lastReviewed: "Last reviewed",
  /** The link at the end of the document back to the form. */
  getCopy: (resource: Resource) => `Get this ${resource} as a PDF by e-mail`,
} as const;
