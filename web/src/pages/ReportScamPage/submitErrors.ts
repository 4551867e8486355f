import type { ReportDraft } from "@site/core/report/draft";
import { WIZARD } from "../../content/report-scam";
import { ApiError } from "../../lib/api";
import { RECAPTCHA_FAILED, RECAPTCHA_NOT_AVAILABLE } from "../../lib/recaptchaErrors";

/** What the wizard says and does when its report was not sent. */

/** The red banner's text: the API's own message, the captcha's, or the spec's fallback. */
export function submissionError(cause: unknown): string {
  if (cause instanceof ApiError) {
    // a server that failed with a reason: the spec's 'Failed to submit report: {message}'; no reason or
    // no answer at all (status 0): its generic fallback; a refusal (4xx): the server's own words
    if (cause.status >= 500 && cause.message && cause.message !== WIZARD.submitFallback) return WIZARD.submitFailed(cause.message);
    return cause.message || WIZARD.submitFallback;
  }
  const message = (cause as Error | undefined)?.message;
  return message === RECAPTCHA_NOT_AVAILABLE || message === RECAPTCHA_FAILED ? message : WIZARD.submitFallback;
}

/**
 * Whether the API refused the report for its evidence (its `fields` name `evidence.<purpose>`). It
 * then deletes the refused file, and every other file it had already claimed for that report
 *, so the draft's references are dead: the reporter chooses the files again, or none.
 */
export const refusedEvidence = (error: ApiError): boolean => Object.keys(error.fields).some((key) => key.startsWith("evidence."));

export const withoutEvidence = (draft: ReportDraft): ReportDraft => ({
  ...draft,
  evidence: undefined,
  contactMethodFields: { ...draft.contactMethodFields, email: { ...draft.contactMethodFields.email, evidence: undefined } },
});
