import { LEAD_MESSAGES, type LeadForm, type LeadFormInfo } from "@site/core/lead/forms";
import { ApiError } from "../../lib/api";
import { RECAPTCHA_FAILED, RECAPTCHA_NOT_AVAILABLE } from "../../lib/recaptchaErrors";

/**
 * The free-guide form's plumbing that needs no schema: what it holds, where it posts and which
 * message a failure shows. The rules themselves (zod) are in leadRules.ts, loaded on first focus.
 */

export interface LeadFormValues {
  fullName: string;
  email: string;
  newsletterConsent: boolean;
}

export type LeadField = "fullName" | "email";
export type LeadFieldErrors = Partial<Record<LeadField, string>>;

export const EMPTY_LEAD: LeadFormValues = { fullName: "", email: "", newsletterConsent: false };

/** POST /api/leads/{form} → 201 `{id}` (packages/functions/src/http/lead-create.ts). */
export const leadUrl = (form: LeadForm): string => `/api/leads/${encodeURIComponent(form)}`;

export interface LeadCreated {
  id: string;
}

/**
 * The red banner's text: a refusal's own message (4xx), the spec's 'Failed to save your submission'
 * when the server failed (5xx), its 'Failed to process your request' when it could not be reached,
 * or the bot check's (worded per form).
 */
export function leadSubmissionError(cause: unknown, info: Pick<LeadFormInfo, "captchaNotReady">): string {
  if (cause instanceof ApiError) {
    if (cause.status === 0) return LEAD_MESSAGES.processFailed;
    if (cause.status >= 500) return LEAD_MESSAGES.saveFailed;
    return cause.message || LEAD_MESSAGES.saveFailed;
  }
  const message = (cause as Error | undefined)?.message;
  if (message === RECAPTCHA_NOT_AVAILABLE) return info.captchaNotReady;
  if (message === RECAPTCHA_FAILED) return LEAD_MESSAGES.captchaFailed;
  return LEAD_MESSAGES.saveFailed;
}

/** The API's field messages (a 400's `fields`) for the fields this form shows. */
export function leadFieldErrors(fields: Record<string, string>): LeadFieldErrors {
  const errors: LeadFieldErrors = {};
  if (fields.fullName) errors.fullName = fields.fullName;
  if (fields.email) errors.email = fields.email;
  return errors;
}
