import { z } from "zod";
import { limitQuery } from "../util/page";
import { EmailAddress } from "../util/email";

/**
 * The console's suppression list queries (no AWS import: the browser's page uses them too).
 * `email` finds one address's entry (its kept hash, exactly); otherwise the list pages newest first.
 */
export const SuppressionListQuery = z.object({
  email: EmailAddress({
    required: "Enter an e-mail address to search for",
    invalid: "Please enter a valid email address.",
    tooLong: "Email is too long",
  }).optional(),
  limit: limitQuery(),
  /** the last row's `<at>#<person>` of the page before */
  after: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z#[A-Za-z0-9_-]{43}$/, "Unknown page of the suppression list")
    .optional(),
});
export type SuppressionListQuery = z.input<typeof SuppressionListQuery>;

/**
 * A person's kept hash, as the console names them (db/person-index.ts `keptPersonHash`: HMAC-SHA256
 * keyed by AUDIT_HASH_KEY, base64url), the suppression list's `person`.
 */
export const PersonHash = z.string({ error: "person is required" }).regex(/^[A-Za-z0-9_-]{43}$/, "Unknown person");

/**
 * POST /api/admin/mail/suppressions/lift: the entry to lift, by its person's kept hash (the list's
 * `person`). In the body, never the path: the API's access log keeps paths a month, and it names a
 * person the audit trail names the same way.
 */
export const SuppressionLiftInput = z.object({ person: PersonHash }, { error: "person is required" });
export type SuppressionLiftInput = z.input<typeof SuppressionLiftInput>;

export interface SuppressionRow {
  person: string;
  reason: "bounce" | "complaint" | "transient-bounces";
  at: string;
  kind: string;
}

export interface SuppressionList {
  items: SuppressionRow[];
  /** pass as `after` for the next (older) page; absent on the last */
  next?: string;
}

export const REASON_LABELS: Record<SuppressionRow["reason"], string> = {
  bounce: "Bounced",
  complaint: "Marked as spam",
  "transient-bounces": "Bounced repeatedly",
};
