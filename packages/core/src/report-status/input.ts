import { z } from "zod";
import { normaliseReference } from "../report/reference";
import { EmailAddress } from "../util/email";
import { REPORT_STATUS_MESSAGES } from "./answers";

/**
 * What the reporter's status routes receive (packages/core/src/report-status). The browser's form
 * imports this module: zod and pure siblings only, never the AWS SDK. What they answer: answers.ts,
 * re-exported here.
 */
export * from "./answers";

/** The reference as typed (any case, spaces or dashes, with or without "TSR"), read as its canonical form. */
export const TypedReference = z
  .string({ error: REPORT_STATUS_MESSAGES.missingReference })
  .trim()
  .min(1, REPORT_STATUS_MESSAGES.missingReference)
  .max(40, REPORT_STATUS_MESSAGES.badReference)
  .transform((typed, ctx) => {
    const reference = normaliseReference(typed);
    if (!reference) {
      ctx.addIssue({ code: "custom", message: REPORT_STATUS_MESSAGES.badReference });
      return z.NEVER;
    }
    return reference;
  });

/** POST /api/report-status/link: the report's reference number and the reporter's e-mail address. */
export const LinkRequestInput = z.object(
  {
    reference: TypedReference,
    email: EmailAddress({ required: REPORT_STATUS_MESSAGES.missingEmail, invalid: REPORT_STATUS_MESSAGES.badEmail }),
  },
  { error: "Send {reference, email}" },
);
export type LinkRequestInput = z.input<typeof LinkRequestInput>;

/** POST /api/report-status/unsubscribe: the e-mail's page posts `{reportId, token}`; a mail provider's one-click posts the query's. */
export const UnsubscribeInput = z.object(
  {
    reportId: z.string({ error: REPORT_STATUS_MESSAGES.invalidUnsubscribe }).regex(/^[0-9a-z]{21}$/, REPORT_STATUS_MESSAGES.invalidUnsubscribe),
    token: z.string({ error: REPORT_STATUS_MESSAGES.invalidUnsubscribe }).regex(/^[A-Za-z0-9_-]{43}$/, REPORT_STATUS_MESSAGES.invalidUnsubscribe),
  },
  { error: REPORT_STATUS_MESSAGES.invalidUnsubscribe },
);
export type UnsubscribeInput = z.input<typeof UnsubscribeInput>;
