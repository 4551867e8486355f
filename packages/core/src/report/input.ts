import { z } from "zod";
import { ClientDetails } from "../request/client-details";
import { CONTACT_METHOD_FIELDS, CONTACT_METHODS, DEFAULT_COUNTRY_CODE, SCAM_TYPE_FIELDS, SCAM_TYPES } from "./catalogue";
import type { ContactMethod, ScamType } from "./catalogue";
import { todayInNewYork } from "./date";
import {
  API_REQUIRED,
  CountryCode,
  EMAIL_MAX,
  EvidenceRef,
  LONG_TEXT_MAX,
  MESSAGES,
  Money,
  OptionalMoney,
  OptionalStep3Phone,
  OptionalText,
  PastDay,
  PhoneNumber,
  Reporter,
  subject,
  Text,
} from "./fields";
import { normaliseWebsite, WEBSITE_MAX_LENGTH } from "./website";

/** The reCAPTCHA action of a scam report (spec), checked by the server and named by the wizard. */
export const REPORT_CAPTCHA_ACTION = "report_scam";

/**
 * What POST /api/reports receives (spec §3, §5 and §8), and how the wizard's draft becomes it. The
 * browser imports this module: zod and pure siblings only, never the AWS SDK.
 */

const scamField = <T extends ScamType>(type: T, name: (typeof SCAM_TYPE_FIELDS)[T][number]["name"]) =>
  subject((SCAM_TYPE_FIELDS[type] as readonly { name: string; label: string }[]).find((f) => f.name === name)!.label);
const contactField = <M extends ContactMethod>(method: M, name: (typeof CONTACT_METHOD_FIELDS)[M][number]["name"]) =>
  subject((CONTACT_METHOD_FIELDS[method] as readonly { name: string; label: string }[]).find((f) => f.name === name)!.label);

/** One selected scam type with its own fields; unknown types and unknown fields are refused. */
export const ScamTypeInput = z.discriminatedUnion(
  "type",
  [
    z.strictObject({
      type: z.literal("fake_resale"),
      claimedSaleAmount: Money(scamField("fake_resale", "claimedSaleAmount")),
    }),
    z.strictObject({
      type: z.literal("upfront_fees"),
      amount: Money(scamField("upfront_fees", "amount")),
      promisedServices: Text(scamField("upfront_fees", "promisedServices"), { max: LONG_TEXT_MAX, multiline: true }),
    }),
    z.strictObject({
      type: z.literal("high_pressure"),
      tactics: Text(scamField("high_pressure", "tactics"), { max: LONG_TEXT_MAX, multiline: true }),
      limitedTimeOrThreat: z.boolean().default(false),
    }),
    z.strictObject({
      type: z.literal("refund_exit"),
      promisedRefund: Money(scamField("refund_exit", "promisedRefund")),
      contactedAfterOtherCompany: z.boolean().default(false),
    }),
    z.strictObject({
      type: z.literal("other"),
      description: Text(scamField("other", "description"), { max: LONG_TEXT_MAX, multiline: true }),
    }),
  ],
  { error: MESSAGES.scamTypeUnknown },
);
export type ScamTypeInput = z.output<typeof ScamTypeInput>;

/** One selected contact method with its own fields (the e-mail's evidence file is under `evidence`). */
export const ContactMethodInput = z.discriminatedUnion(
  "method",
  [
    z.strictObject({
      method: z.literal("phone"),
      countryCode: CountryCode.default(DEFAULT_COUNTRY_CODE),
      phoneNumber: PhoneNumber(contactField("phone", "phoneNumber")),
    }),
    z.strictObject({
      method: z.literal("email"),
      emailAddress: Text(contactField("email", "emailAddress"), { max: EMAIL_MAX }),
    }),
    z.strictObject({
      method: z.literal("social_media"),
      platform: Text(contactField("social_media", "platform")),
      profile: Text(contactField("social_media", "profile"), { max: 500 }),
    }),
    z.strictObject({
      method: z.literal("in_person"),
      location: Text(contactField("in_person", "location")),
      eventType: Text(contactField("in_person", "eventType")),
    }),
  ],
  { error: MESSAGES.contactMethodUnknown },
);
export type ContactMethodInput = z.output<typeof ContactMethodInput>;

const distinct = <T>(items: T[], key: (item: T) => string) => new Set(items.map(key)).size === items.length;

export const ScamTypesInput = z
  .array(ScamTypeInput, { error: MESSAGES.scamTypeNeeded })
  .min(1, MESSAGES.scamTypeNeeded)
  .max(SCAM_TYPES.length, MESSAGES.scamTypeTwice)
  .refine((types) => distinct(types, (t) => t.type), MESSAGES.scamTypeTwice);

export const ContactMethodsInput = z
  .array(ContactMethodInput, { error: MESSAGES.contactMethodNeeded })
  .min(1, MESSAGES.contactMethodNeeded)
  .max(CONTACT_METHODS.length, MESSAGES.contactMethodTwice)
  .refine((methods) => distinct(methods, (m) => m.method), MESSAGES.contactMethodTwice);

/** Step 3: what the reporter knows of the scammer. An invalid website becomes null (spec, on submit). */
export const ScammerInput = z.strictObject({
  name: OptionalText("Scammer name"),
  company: OptionalText("Company name"),
  phone: OptionalStep3Phone,
  email: OptionalText("Scammer email", { max: EMAIL_MAX }),
  website: z
    .string({ error: "Scammer website must be text" })
    .max(WEBSITE_MAX_LENGTH, `Scammer website must be at most ${WEBSITE_MAX_LENGTH} characters`)
    .optional()
    .transform((website) => (website ? normaliseWebsite(website) : null)),
});

export const EvidenceInput = z.strictObject({
  contactEmail: EvidenceRef("contactEmail").optional(),
  details: EvidenceRef("details").optional(),
});

/** Missing or empty: today in New York (spec, on submit). */
const DateOccurred = z
  .string({ error: MESSAGES.dateNeeded })
  .trim()
  .optional()
  .transform((day) => day || todayInNewYork())
  .pipe(PastDay);

/** Step 3's rule: at least one thing known about the scammer. */
export const hasKnownDetail = (scammer: z.output<typeof ScammerInput>, details: unknown) =>
  Boolean(scammer.name || scammer.company || scammer.phone || scammer.email || scammer.website || details);

/** The body of POST /api/reports. */
export const ReportInput = z
  .strictObject({
    reporter: Reporter(API_REQUIRED),
    scamTypes: ScamTypesInput,
    contactMethods: ContactMethodsInput,
    moneyLost: z.boolean().default(false),
    amountLost: OptionalMoney,
    dateOccurred: DateOccurred,
    scammer: ScammerInput.prefault({}),
    evidence: EvidenceInput.prefault({}),
    reportedElsewhere: z.boolean().default(false),
    reportedTo: OptionalText("Agency or organization"),
    wantUpdates: z.boolean().default(false),
    /** the last step's checkbox, unticked by default: an anonymised summary may count toward a public scam alert */
    publishConsent: z.boolean().default(false),
    captchaToken: z.string().max(4096).optional(),
    client: ClientDetails.optional(),
  })
  .superRefine((report, ctx) => {
    if (report.moneyLost && report.amountLost === undefined) {
      ctx.addIssue({ code: "custom", path: ["amountLost"], message: MESSAGES.amountLost });
    }
    const { contactEmail, details } = report.evidence;
    if (contactEmail && !report.contactMethods.some((m) => m.method === "email")) {
      ctx.addIssue({ code: "custom", path: ["evidence", "contactEmail"], message: MESSAGES.contactEvidenceWithoutEmail });
    }
    if (contactEmail && details && contactEmail.uploadId === details.uploadId) {
      ctx.addIssue({ code: "custom", path: ["evidence", "details"], message: MESSAGES.sameFileTwice });
    }
    if (!hasKnownDetail(report.scammer, details)) {
      ctx.addIssue({ code: "custom", path: ["scammer"], message: MESSAGES.detailsNeeded });
    }
  })
  .transform(({ amountLost, reportedTo, ...report }) => ({
    ...report,
    amountLost: report.moneyLost ? amountLost : undefined,
    reportedTo: report.reportedElsewhere ? reportedTo : undefined,
  }));
/** The JSON the browser sends. */
export type ReportInput = z.input<typeof ReportInput>;
/** The report after parsing: trimmed, defaults and the spec's on-submit rules applied. */
export type ReportSubmission = z.output<typeof ReportInput>;
