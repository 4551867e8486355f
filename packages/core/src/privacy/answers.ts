import { COUNTED_KINDS, COUNTED_KIND_LABELS, type CountedKind, type KindName } from "../policy/personal-record";

/**
 * What the privacy routes answer and the words the pages show: plain values and types, no zod,
 * so /my-data loads none of the input schemas (./input re-exports all of it for the routes).
 */

/** The spec's messages on /data-deletion-request. */
export const PRIVACY_MESSAGES = {
  missingEmail: "Please enter your email address.",
  badEmail: "Please enter a valid email address.",
  failed: "Failed to process your request. Please try again later.",
  invalidLink: "This link is invalid, has expired or has already been used. Please request a new one.",
  unknownErasure: "We cannot show this erasure's progress any more. The e-mail we send when it is done lists what was erased.",
  badCursor: "We could not show more of your records. Please reload the page.",
} as const;

/**
 * The shape of /my-data's page cursor (`next` of POST /api/privacy/records, sent back as `cursor`): the
 * last shown record's place in the order (privacy/records.ts), a time and a hash, never an address.
 */
export const RECORDS_CURSOR_SHAPE = /^[0-9a-z]{9}\.[A-Za-z0-9_-]{22}$/;

/**
 * More records than this and the erasure runs as a job rather than inside the API call (29 s). A
 * record's removal is one module's deletion, ~10–50 ms deployed (a signature's transaction of 4 to
 * 6 items, a report's with its evidence files): 100 take 1 to 5 s. /my-data fetches the job's
 * progress view ahead only for more records than this.
 */
export const ERASE_IN_JOB_ABOVE = 100;

/** How far an erasure run as a job is: records erased of those found (the total may shrink if another finisher erased some). */
export interface ErasureProgress {
  completed: number;
  total: number;
}

/**
 * POST /api/privacy/erase answers one of these: the counts of what was erased (a small erasure, done
 * within the request), or that a job is erasing, with its progress and the token to follow it.
 */
export type EraseAnswer = { erased: ErasedCounts } | { status: "erasing"; progress: ErasureProgress; statusToken: string };

/** POST /api/privacy/erase/status answers: still erasing (how far), or erased (what). Never the address. */
export type ErasureStatus = { status: "erasing"; progress: ErasureProgress } | { status: "erased"; erased: ErasedCounts; progress?: ErasureProgress };

/** The name the download is saved under, from a Blob or from the bucket's link alike. */
export const DOWNLOAD_FILE_NAME = "my-data.json";

/** POST /api/privacy/export answers the data itself, or (larger than a response may be) a short-lived link to the same file. */
export interface DownloadLink {
  url: string;
  /** ISO: the link stops working then */
  expiresAt: string;
}

/** Why our mail to an address stopped, as the person reads it on /my-data. */
export const MAIL_STOPPED_REASONS = {
  bounce: "e-mails to this address could not be delivered",
  "transient-bounces": "e-mails to this address kept being refused (for example, a full mailbox)",
  complaint: "one of our e-mails to this address was marked as spam",
} as const;

/** /my-data's view of the suppression entry: our mail to this address is stopped, since when and why. */
export interface MailStopped {
  reason: keyof typeof MAIL_STOPPED_REASONS;
  at: string;
}

/** The kinds of record erased, as the person sees them (the completion e-mail, /my-data): the descriptors' own names. */
export const ERASED_KINDS = COUNTED_KINDS;
/** The product's kinds, and those registered later (defineKind). */
export type ErasedKind = CountedKind | KindName;
export const ERASED_KIND_LABELS = COUNTED_KIND_LABELS;
/** Counts by kind: the product's always, a registered kind's beside them. */
export type ErasedCounts = Record<CountedKind, number> & { [registered: string]: number };

/** How the registered kinds are counted for people (the product's: ERASED_KIND_LABELS), as /my-data's answer carries them. */
export type CountLabels = Record<string, { one: string; many: string }>;

/**
 * "2 petition signatures", "1 free-guide request": one line per kind held, in the kinds' order (the
 * completion e-mail, /my-data), then the registered kinds `more` names.
 */
export function countLines(counts: Partial<ErasedCounts>, more: CountLabels = {}): string[] {
  const labels: CountLabels = { ...ERASED_KIND_LABELS, ...more };
  return Object.keys(labels)
    .filter((kind) => (counts[kind] ?? 0) > 0)
    .map((kind) => {
      const n = counts[kind]!;
      return `${n} ${n === 1 ? labels[kind].one : labels[kind].many}`;
    });
}

/** A deletion request's life, as administrators see it. `expired`: pending past its link's validity. */
export const REQUEST_STATUSES = ["pending", "confirmed", "completed", "expired"] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
