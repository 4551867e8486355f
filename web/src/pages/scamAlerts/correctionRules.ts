import { CORRECTION_CAPTCHA_ACTION, CorrectionInput } from "@site/core/alerts/input";

/**
 * The correction form's rules: the API's own schema (packages/core/src/alerts/input.ts), so the
 * browser shows the very messages the API would. Loaded when the visitor starts on the form (zod is
 * a load the alert's first view does without).
 */
export { CORRECTION_CAPTCHA_ACTION };

export type CorrectionFields = { company: string; fullName: string; email: string; message: string };
export type CorrectionCheck = { ok: true; values: CorrectionFields } | { ok: false; errors: Partial<Record<keyof CorrectionFields, string>> };

export function checkCorrection(values: CorrectionFields): CorrectionCheck {
  const parsed = CorrectionInput.safeParse(values);
  if (parsed.success) {
    const { company, fullName, email, message } = parsed.data;
    return { ok: true, values: { company, fullName, email, message } };
  }
  const errors: Partial<Record<keyof CorrectionFields, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof CorrectionFields;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
