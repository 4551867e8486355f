import { z } from "zod";
import { EmailAddress } from "../util/email";
import { PRIVACY_MESSAGES, RECORDS_CURSOR_SHAPE } from "./answers";

/**
 * What the privacy routes receive. The public forms import this module: zod and pure
 * siblings only, never the AWS SDK. What the routes answer, and the pages' words, are in
 * ./answers (no zod), re-exported here.
 */
export * from "./answers";

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
 * POST /api/privacy/records: the token, and for a page after the first the previous page's `next`
 * (optional: a body without it asks for the first page, as before pages).
 */
export const PrivacyRecordsInput = PrivacyTokenInput.extend({
  cursor: z.string({ error: PRIVACY_MESSAGES.badCursor }).regex(RECORDS_CURSOR_SHAPE, PRIVACY_MESSAGES.badCursor).optional(),
});
export type PrivacyRecordsInput = z.input<typeof PrivacyRecordsInput>;

/**
 * POST /api/privacy/erase: the token, and whether to be e-mailed again. An address our mail stopped
 * going to (it bounced, or its owner marked our mail as spam) stays stopped after an erasure unless
 * the person asks for mail again: the entry holds no address, only the person's kept (keyed) hash.
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
