import { z } from "zod";
import { ClientDetails } from "../request/client-details";
import { EmailAddress } from "../util/email";
import { PersonName } from "../util/person-name";
import { ALERT_IDENTIFIER_TYPES } from "./types";

/**
 * What the alert routes receive. zod and pure siblings only: the alert page's correction form loads
 * this module (when the visitor starts on the form) and checks by the very rules the API applies.
 */

export const ALERT_TITLE_MAX = 120;
export const ALERT_SUMMARY_MAX = 2_000;
export const ALERT_IDENTIFIERS_MAX = 20;
export const LOOKUP_QUERY_MAX = 200;

const text = (label: string, max: number, min = 1) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(min, min > 1 ? `${label} must be at least ${min} characters` : `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** An identifier the administrator publishes, as they spell it: the server normalises it (a name folded, a phone to E.164, a website to its domain). */
export const IdentifierChoice = z.object({
  type: z.enum(ALERT_IDENTIFIER_TYPES, { error: `Type must be one of ${ALERT_IDENTIFIER_TYPES.join(", ")}` }),
  shown: text("Identifier", 200),
});
export type IdentifierChoice = z.output<typeof IdentifierChoice>;

const Identifiers = z
  .array(IdentifierChoice, { error: "Identifiers must be a list" })
  .min(1, "Choose at least one company, phone number or website")
  .max(ALERT_IDENTIFIERS_MAX, `At most ${ALERT_IDENTIFIERS_MAX} identifiers`);

/** `POST /api/admin/cases/{id}/alert`: the administrator's words and the identifiers the public may look the alert up by. */
export const PublishInput = z.object({
  title: text("Title", ALERT_TITLE_MAX, 2),
  summary: text("Summary", ALERT_SUMMARY_MAX),
  identifiers: Identifiers,
});
export type PublishInput = z.output<typeof PublishInput>;

/** `PATCH /api/admin/scam-alerts/{slug}`: any of them, at least one. */
export const UpdateInput = z
  .object({
    title: text("Title", ALERT_TITLE_MAX, 2).optional(),
    summary: text("Summary", ALERT_SUMMARY_MAX).optional(),
    identifiers: Identifiers.optional(),
    published: z.boolean({ error: "Published must be true or false" }).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: "Nothing to change", path: ["body"] });
export type UpdateInput = z.output<typeof UpdateInput>;

/** `GET /api/public/scam-alerts`: `q` a company, phone number or website in any spelling; without it, the published list from `cursor`. */
export const LookupQuery = z.object({
  q: text("Search", LOOKUP_QUERY_MAX, 2).optional(),
  cursor: z.string().max(300, "Unknown cursor").optional(),
});

export const CORRECTION_MESSAGE_MAX = 2_000;

/** `POST /api/public/scam-alerts/{slug}/corrections`: a company asks for a correction. */
export const CorrectionInput = z.object({
  company: text("Company", 200),
  fullName: PersonName("Full name", 100),
  email: EmailAddress({
    required: "Email is required",
    invalid: "Please enter a valid email address.",
    tooLong: "Email must be at most 254 characters",
  }),
  message: text("Message", CORRECTION_MESSAGE_MAX, 10),
  captchaToken: z.string().max(4096).optional(),
  client: ClientDetails.optional(),
});
export type CorrectionInput = z.input<typeof CorrectionInput>;

/** The correction form's reCAPTCHA action. */
export const CORRECTION_CAPTCHA_ACTION = "scam_alert_correction";
