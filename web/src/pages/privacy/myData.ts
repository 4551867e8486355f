import type { CountLabels, DownloadLink, ErasedCounts, ErasedKind, MailStopped } from "@site/core/privacy/answers";

/**
 * What /my-data asks the API and how it words the answers: the e-mailed
 * link's token goes to each route; a 400 means the link is unknown, expired or used.
 */
export const MY_DATA_API = {
  records: "/api/privacy/records",
  export: "/api/privacy/export",
  erase: "/api/privacy/erase",
  /** `{statusToken}`: an erasure run as a job (the link's token is used up by then) */
  erasureStatus: "/api/privacy/erase/status",
} as const;

/** How often the page asks how far an erasure run as a job is. */
export const ERASURE_POLL_MS = 2000;

export interface RecordSummary {
  kind: ErasedKind;
  label: string;
  createdAt: string;
}

/**
 * POST /api/privacy/records `{token, cursor?}` → what the link shows (and what erasing would erase): the
 * counts of every record, and one page of them, oldest first; `next` asks for the page after it.
 */
export interface HeldRecords {
  email: string;
  validUntil: string;
  counts: ErasedCounts;
  /** how the registered kinds in `counts` are counted (none in the product today) */
  countLabels?: CountLabels;
  records: RecordSummary[];
  /** the `cursor` of the next page of records; null (or absent) on the last */
  next?: string | null;
  /** our mail to the address is stopped (the suppression list): an erasure keeps that unless `mailAgain` */
  mailStopped?: MailStopped;
}

/** POST /api/privacy/erase `{token}` → what was erased (or, many records, a job's progress and status token). */
export interface Erased {
  erased: ErasedCounts;
}

export { countLines, MAIL_STOPPED_REASONS, type EraseAnswer, type ErasureProgress, type ErasureStatus } from "@site/core/privacy/answers";

/** POST /api/privacy/export answered a link to the file in the bucket (a large download) rather than the data. */
export const isDownloadLink = (answer: unknown): answer is DownloadLink =>
  typeof answer === "object" && answer !== null && typeof (answer as DownloadLink).url === "string" && !("records" in answer);

/** 0–100 of an erasure's progress (100 when there was nothing to erase). */
export const erasedPercent = ({ completed, total }: { completed: number; total: number }) =>
  total <= 0 ? 100 : Math.min(100, Math.max(0, Math.round((completed / total) * 100)));

const dayFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long" });
const momentFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short" });

/** ISO → "March 8, 2025" in the visitor's time zone (the page renders the data in the browser only). */
export const formatDay = (iso: string) => (Number.isNaN(Date.parse(iso)) ? "" : dayFormat.format(new Date(iso)));
/** ISO → "March 9, 2025 at 2:15 PM" in the visitor's time zone. */
export const formatMoment = (iso: string) => (Number.isNaN(Date.parse(iso)) ? "" : momentFormat.format(new Date(iso)));
