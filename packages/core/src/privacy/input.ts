import { z } from "zod";
import { EmailAddress } from "../util/email";
import { COUNTED_KINDS, COUNTED_KIND_LABELS, type CountedKind } from "../policy/personal-record";

/**
 * What the privacy routes receive. The public pages import this module: zod and pure
 * siblings only, never the AWS SDK.
 */

/** The spec's messages on /data-deletion-request. */
export const PRIVACY_MESSAGES = {
  missingEmail: "Please enter your email address.",
  badEmail: "Please enter a valid email address.",
  failed: "Failed to process your request. Please try again later.",
  invalidLink: "This link is invalid, has expired or has already been used. Please request a new one.",
  unknownErasure: "We cannot show this erasure's progress any more. The e-mail we send when it is done lists what was erased.",
} as const;

/** The bot check's action name on the deletion page. */
export const DELETION_CAPTCHA_ACTION = "data_deletion";

/** The one e-mail grammar of every input (util/email.ts). */
export const DeletionEmail = EmailAddress({
  required: PRIVACY_MESSAGES.missingEmail,
  invalid: PRIVACY_MESSAGES.badEmail,
});

/** POST /api/privacy/requests: the address whose data is to be erased (or downloaded). */
export const DeletionRequestInput = z.object(
  {
    email: DeletionEmail,
    captchaToken: z.string({ error: "Security verification failed. Please try again." }).max(4096).optional(),
  },
  { error: PRIVACY_MESSAGES.missingEmail },
);
export type DeletionRequestInput = z.input<typeof DeletionRequestInput>;

/** POST /api/privacy/records, /export and /erase: the token of the e-mailed link. */
export const PrivacyTokenInput = z.object(
  { token: z.string({ error: PRIVACY_MESSAGES.invalidLink }).max(200, PRIVACY_MESSAGES.invalidLink) },
  { error: PRIVACY_MESSAGES.invalidLink },
);
export type PrivacyTokenInput = z.input<typeof PrivacyTokenInput>;

/**
 * POST /api/privacy/erase: the token, and whether to be e-mailed again. An address our mail stopped
 * going to (it bounced, or its owner marked our mail as spam) stays stopped after an erasure unless
 * the person asks for mail again: the entry holds no address, only the person index's hash.
 */
export const PrivacyEraseInput = PrivacyTokenInput.extend({ mailAgain: z.boolean({ error: "mailAgain must be true or false" }).optional() });
export type PrivacyEraseInput = z.input<typeof PrivacyEraseInput>;

/**
 * POST /api/privacy/erase/status: the status token an erasure run as a job answered with (the link's
 * token is used up by then). It names the request and proves it was this browser's confirmation.
 */
export const ErasureStatusInput = z.object(
  { statusToken: z.string({ error: "statusToken is required" }).max(200, "statusToken is too long") },
  { error: "statusToken is required" },
);
export type ErasureStatusInput = z.input<typeof ErasureStatusInput>;

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
export type ErasedKind = CountedKind;
export const ERASED_KIND_LABELS = COUNTED_KIND_LABELS;
export type ErasedCounts = Record<ErasedKind, number>;

/** "2 petition signatures", "1 free-guide request": one line per kind held, in the kinds' order (the completion e-mail, /my-data). */
export function countLines(counts: Partial<ErasedCounts>): string[] {
  return ERASED_KINDS.filter((kind) => (counts[kind] ?? 0) > 0).map((kind) => {
    const n = counts[kind]!;
    return `${n} ${n === 1 ? ERASED_KIND_LABELS[kind].one : ERASED_KIND_LABELS[kind].many}`;
  });
}

/** A deletion request's life, as administrators see it. `expired`: pending past its link's validity. */
export const REQUEST_STATUSES = ["pending", "confirmed", "completed", "expired"] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
