import { DELETION } from "../../content/data-requests";
import { ApiError } from "../../lib/api";
import { RECAPTCHA_FAILED, RECAPTCHA_NOT_AVAILABLE } from "../../lib/recaptchaErrors";

/**
 * The deletion form's plumbing that needs no schema: where it posts and what a failure shows. The
 * rules (zod) are in deletionRules.ts, loaded on first focus.
 */

/** POST /api/privacy/requests `{email, captchaToken?}` → 202 `{status: "sent"}`, whatever the address holds. */
export const DELETION_REQUEST_URL = "/api/privacy/requests";

export interface DeletionSent {
  status: "sent";
}

export interface DeletionFailure {
  /** The red alert's text, if any. */
  alert?: string;
  /** The message under the e-mail field, if the API named it. */
  field?: string;
}

/**
 * What a failure shows: a 400 naming the e-mail under the field (a 400 naming nothing, in the alert);
 * a rate limit, the API's own message; the bot check, its message; anything else (a 5xx, no
 * answer), the spec's `failed`. The messages come with the form's rules (deletionRules.ts), loaded
 * before anything is sent.
 */
export function deletionFailure(cause: unknown, { failed, captchaFailed }: { failed: string; captchaFailed: string }): DeletionFailure {
  if (cause instanceof ApiError) {
    if (cause.status === 400 && cause.fields.email) return { field: cause.fields.email };
    if (cause.status === 400 || cause.status === 429) return { alert: cause.message || failed };
    return { alert: failed };
  }
  const message = (cause as Error | undefined)?.message;
  if (message === RECAPTCHA_NOT_AVAILABLE) return { alert: DELETION.captchaNotReady };
  if (message === RECAPTCHA_FAILED) return { alert: captchaFailed };
  return { alert: failed };
}
