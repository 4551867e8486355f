import { SUPPRESSION_RETENTION_YEARS } from "@site/core/policy/retention";
import { DELETION_LINK_HOURS } from "@site/core/policy/retention";

/**
 * Words of /data-deletion-request and /my-data (spec "Data Deletion Request"), and the
 * number words the privacy policy (privacy.ts) shares. Periods come from the retention constants
 * (packages/core/src/policy/retention.ts). Kept apart from the policy's long text, which these
 * pages do not load.
 */

/** "1 year", "2 years". */
export const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

/** A period in seconds in the largest whole unit: 120 → "2 minutes", 3600 → "1 hour". */
export function duration(seconds: number): string {
  if (seconds % 86_400 === 0) return count(seconds / 86_400, "day");
  if (seconds % 3600 === 0) return count(seconds / 3600, "hour");
  if (seconds % 60 === 0) return count(seconds / 60, "minute");
  return count(seconds, "second");
}

/** "a, b and c" (or "a, b or c"; with `separator` "; ", "a; b; and c" for items that hold commas). */
export function listing(items: readonly string[], conjunction = "and", separator = ", "): string {
  if (items.length <= 1) return items[0] ?? "";
  const last = separator === ", " ? ` ${conjunction} ` : `${separator}${conjunction} `;
  return `${items.slice(0, -1).join(separator)}${last}${items[items.length - 1]}`;
}

// ─── /data-deletion-request ─────────────────────────────────────────────────────────────────────────

export const DELETION = {
  eyebrow: "Your data",
  title: "Data Deletion Request",
  lead: "Ask us to erase the data we hold about you, or to send you a copy of it. All you need is the e-mail address you used on this site.",
  formTitle: "Request your data or its deletion",
  email: "Email",
  submit: "Submit Deletion Request",
  busy: "Processing...",
  errorTitle: "Your request was not sent",
  successTitle: "Check your inbox",
  /** The success alert. */
  sent: `If we hold any data for this address, we have sent it a link. Open it within ${count(DELETION_LINK_HOURS, "hour")} to see your data, download it or erase it.`,
  captchaNotReady: "Form validation not yet available. Please try again.",
  unreachable: "We could not reach our server. Please check your connection and try again.",
  stepsTitle: "What happens next",
  steps: [
    "Enter the e-mail address you used to sign a petition, report a scam, ask for a free guide or subscribe to our newsletter.",
    "We send a link to that address. We give everyone the same answer, whether or not we hold any data for the address, so nobody can use this page to find out whether someone signed or reported anything.",
    `Open the link within ${count(DELETION_LINK_HOURS, "hour")}. It lists every record holding your address: petition signatures, scam reports with their evidence files, free-guide requests and your newsletter subscription.`,
    "Download all of it as a file, erase it, or both. Erasing removes the records from our database, file storage and spreadsheets, and lowers the petitions' counts by your signatures. We then e-mail you what was erased.",
  ],
  /** Under the steps, with a link to the privacy policy. */
  policy: { before: "What we keep and for how long is in our", link: "privacy policy", after: "." },
  unsubscribe: "Only want to stop our newsletter? Use the unsubscribe link at the bottom of any newsletter e-mail.",
} as const;

// ─── /my-data ─────────────────────────────────────────────────────────────────────────────────────────

/** The name of the download of /my-data: the server names the bucket's copy of a large one alike (DOWNLOAD_FILE_NAME, a test keeps them equal). */
export const MY_DATA_FILE = "my-data.json";

export const MY_DATA = {
  title: "Your Data",
  loading: "Looking up your data…",
  invalidTitle: "This link does not work",
  newLink: "Request a new link",
  failedTitle: "Something went wrong",
  address: "Data we hold for",
  validUntil: (when: string) => `This link works until ${when}, or until you erase your data.`,
  countsTitle: "What we hold",
  recordsTitle: "Your records",
  /** the records are listed a page at a time: the next page's button, and how many are listed so far */
  showMore: "Show more",
  shown: (shown: number, total: number) => `Showing ${shown} of ${total} records`,
  none: "We hold no data for this address.",
  download: "Download my data",
  downloadHelp: `A file (${MY_DATA_FILE}) with every record holding your address, as we store it.`,
  erase: "Erase my data",
  eraseHelp: "Erases every record listed here. This cannot be undone.",
  confirmTitle: "Erase all your data?",
  confirmText: "These records will be erased for good, with any evidence files. Download a copy first if you want to keep one.",
  confirm: "Yes, erase my data",
  cancel: "Cancel",
  erasedTitle: "Your data has been erased",
  erasedText: "We have sent a confirmation to your address. The link you used no longer works.",
  erasedCountsTitle: "What was erased",
  erasedNothing: "There was nothing left to erase.",
  /** An erasure of many records runs as a job: the page follows it. */
  erasingTitle: "Erasing your data",
  erasingText:
    "There are many records to erase, so this takes a few minutes. Keep this page open to follow it, or close it: we will e-mail you when it is done.",
  erasingLabel: "Erasure progress",
  erasingProgress: (completed: string, total: string) => `${completed} of ${total} records erased`,
  mailStoppedTitle: "Our e-mails to this address are stopped",
  mailStopped: (why: string, when: string) => `Since ${when}, because ${why}.`,
  mailStoppedKept: `So that we never e-mail this address again by mistake, we keep a note of that (not your address: a one-way fingerprint of it) for ${SUPPRESSION_RETENTION_YEARS} years. Erasing your data keeps the note, unless you ask us to e-mail you again.`,
  mailAgain: "E-mail me again at this address (removes the note, so our e-mails can reach you)",
  home: "Go to Home",
} as const;
