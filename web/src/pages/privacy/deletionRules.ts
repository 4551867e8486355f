import { LEAD_MESSAGES } from "@site/core/lead/forms";
import { DELETION_CAPTCHA_ACTION, DeletionRequestInput, PRIVACY_MESSAGES } from "@site/core/privacy/input";

/**
 * The deletion form's rules: the API's own schema (packages/core/src/privacy/input.ts), so the
 * browser shows the very messages the API would. Loaded when the visitor starts on the form, with
 * the spec's messages and the bot check's action (zod is a load the page's first view does without).
 */
export { DELETION_CAPTCHA_ACTION, PRIVACY_MESSAGES };

/** The bot check's failure, worded as on the other forms. */
export const CAPTCHA_FAILED = LEAD_MESSAGES.captchaFailed;

export type DeletionCheck = { ok: true; email: string } | { ok: false; error: string };

export function checkDeletion(email: string): DeletionCheck {
  const parsed = DeletionRequestInput.safeParse({ email });
  if (parsed.success) return { ok: true, email: parsed.data.email };
  const issue = parsed.error.issues.find((i) => i.path[0] === "email") ?? parsed.error.issues[0];
  return { ok: false, error: issue?.message ?? PRIVACY_MESSAGES.missingEmail };
}
