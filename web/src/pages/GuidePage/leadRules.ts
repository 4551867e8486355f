import { LeadInput, type LeadSubmission } from "@site/core/lead/input";
import type { LeadField, LeadFieldErrors, LeadFormValues } from "./leadForm";

/**
 * The free-guide form's rules: the API's own schema, so the browser shows the very messages the API
 * would ('Please fill in all required fields.', 'Please enter a valid email address.'). Loaded when the
 * visitor starts on the form (zod is ~25 KB the page's first load does without).
 */
export type LeadCheck = { ok: true; submission: Pick<LeadSubmission, "fullName" | "email" | "newsletterConsent"> } | { ok: false; errors: LeadFieldErrors };

const FIELDS: readonly LeadField[] = ["fullName", "email"];

export function checkLead(values: LeadFormValues): LeadCheck {
  const parsed = LeadInput.safeParse(values);
  if (parsed.success) {
    const { fullName, email, newsletterConsent } = parsed.data;
    return { ok: true, submission: { fullName, email, newsletterConsent } };
  }
  const errors: LeadFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = FIELDS.find((name) => name === issue.path[0]);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}
