import { LinkRequestInput, REPORT_STATUS_MESSAGES } from "@site/core/report-status/input";

/**
 * The request form's rules: the API's own schema (packages/core/src/report-status/input.ts), so the
 * browser shows the very messages the API would. Loaded when the visitor starts on the form.
 */
export { REPORT_STATUS_MESSAGES };

export type RequestCheck = { ok: true; value: { reference: string; email: string } } | { ok: false; fields: { reference?: string; email?: string } };

export function checkRequest(reference: string, email: string): RequestCheck {
  const parsed = LinkRequestInput.safeParse({ reference, email });
  if (parsed.success) return { ok: true, value: parsed.data };
  const fields: { reference?: string; email?: string } = {};
  for (const issue of parsed.error.issues) {
    const name = issue.path[0];
    if ((name === "reference" || name === "email") && !fields[name]) fields[name] = issue.message;
  }
  if (!fields.reference && !fields.email) fields.reference = REPORT_STATUS_MESSAGES.missingReference;
  return { ok: false, fields };
}
