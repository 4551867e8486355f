import { z } from "zod";
import { ClientDetails } from "../request/client-details";
import { EmailAddress } from "../util/email";
import { PersonName } from "../util/person-name";
import { LEAD_MESSAGES } from "./forms";

/**
 * What POST /api/leads/{form} receives (spec §5 "Lead forms", §8): the same body for all four forms.
 * The public pages import this module: zod and pure siblings only, never the AWS SDK.
 */

/** As long as a report's full name: it goes into the e-mail that delivers the guide. */
export const LEAD_NAME_MAX = 100;
export const LEAD_EMAIL_MAX = 254;

const required = z.string({ error: LEAD_MESSAGES.missingField }).trim().min(1, LEAD_MESSAGES.missingField);

/** The sign form's name rule (letters, spaces, apostrophes, hyphens, dots): the name is written into an e-mail. */
export const LeadFullName = required.pipe(PersonName("Full name", LEAD_NAME_MAX));

/** The spec checks "text@text.text"; the one grammar of every input is stricter (util/email.ts), so every accepted address can be mailed. */
export const LeadEmail = EmailAddress({
  required: LEAD_MESSAGES.missingField,
  invalid: LEAD_MESSAGES.badEmail,
  tooLong: `Email must be at most ${LEAD_EMAIL_MAX} characters`,
});

/** The body of POST /api/leads/{form}. Unknown fields are dropped. */
export const LeadInput = z.object(
  {
    fullName: LeadFullName,
    email: LeadEmail,
    /** recorded on submit, never on ticking the box: nothing is agreed before the button is pressed */
    newsletterConsent: z.boolean({ error: "Newsletter consent must be true or false" }).default(false),
    captchaToken: z.string({ error: LEAD_MESSAGES.captchaFailed }).max(4096).optional(),
    client: ClientDetails.optional(),
  },
  { error: LEAD_MESSAGES.missingField },
);
/** The JSON the browser sends. */
export type LeadInput = z.input<typeof LeadInput>;
/** After parsing: trimmed, consent defaulted. */
export type LeadSubmission = z.output<typeof LeadInput>;
