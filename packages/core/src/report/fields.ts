import { z } from "zod";
import { EmailAddress, isEmailAddress } from "../util/email";
import { EvidenceMessages, extensionOf, isAllowedExtension, type EvidencePurpose } from "../evidence/limits";
import { CONTROL_OR_BREAK, FreeText, notAllowed } from "../util/free-text";
import { PersonName } from "../util/person-name";
import { AMOUNT_MAX } from "./amount";
import { AGE_RANGES } from "./catalogue";
import { dateError } from "./date";
import { phoneError } from "./phone";

/**
 * The report's field rules, shared by the wizard's step rules (draft.ts) and the API's schema
 * (input.ts) so both give the same messages. Only zod and pure siblings: the public bundle loads it.
 */

export const FULL_NAME_MAX = 100;
export const TEXT_MAX = 200;
export const LONG_TEXT_MAX = 2000;
export const EMAIL_MAX = 254;

export const MESSAGES = {
  // the spec's on-submit messages (§5, §8)
  nameCityState: "Name, city, and state are required fields.",
  nameEmail: "Name and email are required fields",
  email: "Please enter a valid email address.",
  // ours
  scamTypeNeeded: "Please choose at least one scam type",
  scamTypeUnknown: "Please choose a scam type from the list",
  scamTypeTwice: "Each scam type can be chosen only once",
  contactMethodNeeded: "Please choose at least one contact method",
  contactMethodUnknown: "Please choose a contact method from the list",
  contactMethodTwice: "Each contact method can be chosen only once",
  countryCode: "Please choose a country code",
  ageRange: "Please choose an age range from the list",
  amount: "Please enter the amount in whole US dollars",
  amountTooLarge: "The amount is too large",
  amountLost: "Please enter the amount lost",
  dateNeeded: "Please select the date it occurred",
  detailsNeeded: "Please share at least one detail (name, company, phone, e-mail, website or a file).",
  uploadId: "Invalid upload reference",
  contactEvidenceWithoutEmail: "An e-mail evidence file needs the Email contact method",
  sameFileTwice: "The same file cannot be attached twice",
} as const;

/** The wizard's e-mail check: the one grammar of every input (util/email.ts). */
export const isEmail = (email: string) => isEmailAddress(email.trim());

/** A field label as the subject of a message: "Claimed Sale Amount" → "Claimed sale amount". */
export const subject = (label: string) => label.charAt(0) + label.slice(1).toLowerCase();

const checkedText = (what: string, max: number, multiline: boolean) => FreeText(what, { max, multiline });

/** Required text; `what` is the message subject ("Promised services"). */
export const Text = (what: string, { max = TEXT_MAX, multiline = false, required = `${what} is required` } = {}) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .pipe(checkedText(what, max, multiline));

/** Optional text: empty becomes undefined. */
export const OptionalText = (what: string, { max = TEXT_MAX, multiline = false } = {}) =>
  z
    .string({ error: `${what} must be text` })
    .optional()
    .transform((text) => text?.trim() || undefined)
    .pipe(checkedText(what, max, multiline).optional());

/** An amount in whole US dollars: rounded, floored at 0 (spec, on submit), at most AMOUNT_MAX. */
export const OptionalMoney = z
  .number({ error: MESSAGES.amount })
  .optional()
  .transform((amount, ctx) => {
    if (amount === undefined) return undefined;
    const dollars = Math.max(0, Math.round(amount));
    if (dollars <= AMOUNT_MAX) return dollars;
    ctx.issues.push({ code: "custom", message: MESSAGES.amountTooLarge, input: amount });
    return z.NEVER;
  });

export const Money = (what: string, required = `${what} is required`) =>
  OptionalMoney.transform((dollars, ctx) => {
    if (dollars !== undefined) return dollars;
    ctx.issues.push({ code: "custom", message: required, input: dollars });
    return z.NEVER;
  });

/** The contact method's phone: the input already dropped other characters, so only the digit rule speaks. */
export const PhoneNumber = (what: string) =>
  Text(what, { max: TEXT_MAX }).superRefine((phone, ctx) => {
    const message = phoneError(phone);
    if (message) ctx.addIssue({ code: "custom", message });
  });

/** Step 3's optional phone, which keeps what was typed (see phoneError). */
export const OptionalStep3Phone = OptionalText("Scammer phone").superRefine((phone, ctx) => {
  const message = phone === undefined ? undefined : phoneError(phone, { step3: true });
  if (message) ctx.addIssue({ code: "custom", message });
});

export const CountryCode = z
  .string({ error: MESSAGES.countryCode })
  .trim()
  .regex(/^\+[1-9][0-9]{0,3}$/, MESSAGES.countryCode);

export const AgeRange = z
  .union([z.enum(AGE_RANGES), z.literal("")], { error: MESSAGES.ageRange })
  .optional()
  .transform((range) => range || undefined);

/** A day the scam occurred: a real day, not before 1900, not after today in New York. */
export const PastDay = z.string().superRefine((day, ctx) => {
  const message = dateError(day);
  if (message) ctx.addIssue({ code: "custom", message });
});

/** Messages for the reporter's required fields: the wizard names each field, the API says the spec's sentences. */
export interface RequiredMessages {
  fullName: string;
  email: string;
  city: string;
  state: string;
}

export const API_REQUIRED: RequiredMessages = {
  fullName: MESSAGES.nameCityState,
  email: MESSAGES.nameEmail,
  city: MESSAGES.nameCityState,
  state: MESSAGES.nameCityState,
};

export const WIZARD_REQUIRED: RequiredMessages = {
  fullName: "Full name is required",
  email: "Email is required",
  city: "City is required",
  state: "State is required",
};

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

/** The person reporting (step 1). The full name follows the sign form's name rule: it goes into e-mails. */
export const Reporter = (messages: RequiredMessages) =>
  z.strictObject(
    {
      fullName: required(messages.fullName).pipe(PersonName("Full name", FULL_NAME_MAX)),
      email: EmailAddress({ required: messages.email, invalid: MESSAGES.email }),
      city: required(messages.city).pipe(checkedText("City", TEXT_MAX, false)),
      state: required(messages.state).pipe(checkedText("State", TEXT_MAX, false)),
      ageRange: AgeRange,
      speakWithTeam: z.boolean().default(false),
      shareAnonymously: z.boolean().default(false),
    },
    { error: messages.fullName },
  );

/** As long as evidence/upload-request.ts lets a file name be, so an accepted upload can be referenced. */
export const EVIDENCE_FILE_NAME_MAX = 255;

/** Whether a file of this name may be attached at this upload point (evidence/limits.ts). */
export const isAllowedEvidence = (fileName: string, purpose: EvidencePurpose) => isAllowedExtension(purpose, extensionOf(fileName.trim()));

/** An uploaded evidence file as a report refers to it: the upload's id (a `sortableId()`) and the file's name. */
export const EvidenceRef = (purpose: EvidencePurpose) =>
  z.strictObject(
    {
      uploadId: z.string({ error: MESSAGES.uploadId }).regex(/^[0-9a-z]{21}$/, MESSAGES.uploadId),
      fileName: z
        .string({ error: EvidenceMessages.notAllowed(purpose) })
        .trim()
        .max(EVIDENCE_FILE_NAME_MAX, `The file name must be at most ${EVIDENCE_FILE_NAME_MAX} characters`)
        .refine((name) => !CONTROL_OR_BREAK.test(name), notAllowed("The file name"))
        .refine((name) => isAllowedEvidence(name, purpose), EvidenceMessages.notAllowed(purpose)),
    },
    { error: MESSAGES.uploadId },
  );
