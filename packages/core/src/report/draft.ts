import { z } from "zod";
import { EvidenceMessages } from "../evidence/limits";
import { AGE_RANGES, CONTACT_METHODS, DEFAULT_COUNTRY_CODE, SCAM_TYPES, type ContactMethod, type ScamType, type WizardStep } from "./catalogue";
import { dateError } from "./date";
import { isAllowedEvidence, MESSAGES, OptionalText, Reporter, WIZARD_REQUIRED } from "./fields";
import { ContactMethodsInput, hasKnownDetail, ScammerInput, ScamTypesInput, type ReportInput } from "./input";
import { amountDigits } from "./amount";
import { phoneError } from "./phone";
import { websiteError } from "./website";

/**
 * Everything the report wizard holds, as plain JSON so it survives a reload in sessionStorage, and
 * the rule of each step (spec §5). Fields of types and methods that are not selected are kept, so
 * unticking and ticking again loses nothing; only the selected ones are sent.
 */

const text = z.string().catch("");
const flag = z.boolean().catch(false);
/** An object whose fields each fall back to their default, and which is all defaults when unreadable. */
const group = <S extends z.ZodRawShape>(shape: S) => {
  const schema = z.object(shape);
  return schema.catch(() => schema.parse({}));
};
const distinct = <T>(items: T[]) => [...new Set(items)];

/** An uploaded evidence file: the upload's id, the chosen file's name and size in bytes. */
export const UploadedEvidence = z.object({
  uploadId: z.string(),
  fileName: z.string(),
  size: z.number(),
});
export type UploadedEvidence = z.infer<typeof UploadedEvidence>;
const evidence = UploadedEvidence.optional().catch(undefined);

export const ReportDraft = group({
  fullName: text,
  email: text,
  city: text,
  state: text,
  ageRange: z.union([z.enum(AGE_RANGES), z.literal("")]).catch(""),
  speakWithTeam: flag,
  shareAnonymously: flag,
  /** Selected, in the order they were ticked. */
  scamTypes: z.array(z.enum(SCAM_TYPES)).catch([]).transform(distinct),
  scamTypeFields: group({
    fake_resale: group({ claimedSaleAmount: text }),
    upfront_fees: group({ amount: text, promisedServices: text }),
    high_pressure: group({ tactics: text, limitedTimeOrThreat: flag }),
    refund_exit: group({ promisedRefund: text, contactedAfterOtherCompany: flag }),
    other: group({ description: text }),
  }),
  contactMethods: z.array(z.enum(CONTACT_METHODS)).catch([]).transform(distinct),
  contactMethodFields: group({
    phone: group({ countryCode: z.string().catch(DEFAULT_COUNTRY_CODE), phoneNumber: text }),
    email: group({ emailAddress: text, evidence }),
    social_media: group({ platform: text, profile: text }),
    in_person: group({ location: text, eventType: text }),
  }),
  moneyLost: flag,
  /** Digits only (amountDigits), whole dollars. */
  amountLost: text,
  /** "YYYY-MM-DD", US Eastern; "" until chosen. */
  dateOccurred: text,
  scammer: group({ name: text, company: text, phone: text, email: text, website: text }),
  /** Step 3's file. */
  evidence,
  reportedElsewhere: flag,
  reportedTo: text,
  wantUpdates: flag,
  /** Unticked until the reporter ticks it (the last step's checkbox). */
  publishConsent: flag,
});
export type ReportDraft = z.output<typeof ReportDraft>;

export const emptyDraft = (): ReportDraft => ReportDraft.parse({});

/** The draft saved by `JSON.stringify`, read back; whatever cannot be read falls back to its default. */
export function restoreDraft(saved: string | null | undefined): ReportDraft {
  if (!saved) return emptyDraft();
  try {
    return ReportDraft.parse(JSON.parse(saved));
  } catch {
    return emptyDraft();
  }
}

/** Field path → message, e.g. { "scamTypes.other.description": "Description is required" }. */
export type StepErrors = Record<string, string>;

const WizardReporter = Reporter(WIZARD_REQUIRED);
const ReportedTo = OptionalText("Agency or organization");

/** Adds each issue's message under the path `name` gives it (first message per path wins). */
function collect(errors: StepErrors, result: z.ZodSafeParseResult<unknown>, name: (path: PropertyKey[]) => string) {
  if (result.success) return;
  for (const issue of result.error.issues) errors[name(issue.path)] ??= issue.message;
}
const dotted = (prefix: string) => (path: PropertyKey[]) => [prefix, ...path.map(String)].filter(Boolean).join(".");

/** A selection's issue is named after the selected item (e.g. "scamTypes.other.description"), not its index. */
const bySelection = (prefix: string, selected: readonly string[]) => (path: PropertyKey[]) =>
  typeof path[0] === "number" ? [prefix, selected[path[0]], ...path.slice(1).map(String)].join(".") : prefix;

function yourInformation(draft: ReportDraft): StepErrors {
  const errors: StepErrors = {};
  collect(errors, WizardReporter.safeParse(draftToInput(draft).reporter), dotted(""));
  return errors;
}

function whatHappened(draft: ReportDraft, now: Date): StepErrors {
  const errors: StepErrors = {};
  const input = draftToInput(draft);
  collect(errors, ScamTypesInput.safeParse(input.scamTypes), bySelection("scamTypes", draft.scamTypes));
  collect(errors, ContactMethodsInput.safeParse(input.contactMethods), bySelection("contactMethods", draft.contactMethods));
  if (draft.moneyLost && input.amountLost === undefined) errors.amountLost = MESSAGES.amountLost;
  const dateMessage = draft.dateOccurred ? dateError(draft.dateOccurred, now) : MESSAGES.dateNeeded;
  if (dateMessage) errors.dateOccurred = dateMessage;
  const contactEvidence = draft.contactMethodFields.email.evidence;
  if (draft.contactMethods.includes("email") && contactEvidence && !isAllowedEvidence(contactEvidence.fileName, "contactEmail")) {
    errors["contactMethods.email.evidence"] = EvidenceMessages.notAllowed("contactEmail");
  }
  return errors;
}

function knownDetails(draft: ReportDraft): StepErrors {
  const errors: StepErrors = {};
  const { scammer } = draft;
  collect(errors, ScammerInput.safeParse(scammer), dotted("scammer"));
  const website = websiteError(scammer.website);
  if (website) errors["scammer.website"] = website;
  if (draft.evidence && !isAllowedEvidence(draft.evidence.fileName, "details")) errors.evidence = EvidenceMessages.notAllowed("details");
  const given = {
    name: scammer.name.trim(),
    company: scammer.company.trim(),
    phone: scammer.phone.trim() && !phoneError(scammer.phone, { step3: true }) ? scammer.phone : undefined,
    email: scammer.email.trim(),
    website: websiteError(scammer.website) ? null : scammer.website.trim() || null,
  };
  if (!hasKnownDetail(given, draft.evidence)) errors.scammer = MESSAGES.detailsNeeded;
  return errors;
}

function goFurther(draft: ReportDraft): StepErrors {
  const errors: StepErrors = {};
  if (draft.reportedElsewhere) collect(errors, ReportedTo.safeParse(draft.reportedTo), () => "reportedTo");
  return errors;
}

/** What keeps a step's Next (or Submit) disabled; empty when the step is complete. */
export function stepErrors(step: WizardStep, draft: ReportDraft, now: Date = new Date()): StepErrors {
  switch (step) {
    case 0:
      return yourInformation(draft);
    case 1:
      return whatHappened(draft, now);
    case 2:
      return knownDetails(draft);
    case 3:
      return goFurther(draft);
  }
}

/** The first step that is not complete (e.g. after a restored draft), or undefined when all are. */
export function firstIncompleteStep(draft: ReportDraft, now: Date = new Date()): WizardStep | undefined {
  return ([0, 1, 2, 3] as const).find((step) => Object.keys(stepErrors(step, draft, now)).length > 0);
}

/** Digits typed into an amount field as whole dollars; undefined when nothing was typed. */
const dollars = (typed: string) => {
  const digits = amountDigits(typed);
  return digits ? Number(digits) : undefined;
};

const scamTypeInput = (type: ScamType, draft: ReportDraft): ReportInput["scamTypes"][number] => {
  const fields = draft.scamTypeFields;
  switch (type) {
    case "fake_resale":
      return { type, claimedSaleAmount: dollars(fields.fake_resale.claimedSaleAmount) };
    case "upfront_fees":
      return { type, amount: dollars(fields.upfront_fees.amount), promisedServices: fields.upfront_fees.promisedServices };
    case "high_pressure":
      return { type, ...fields.high_pressure };
    case "refund_exit":
      return { type, promisedRefund: dollars(fields.refund_exit.promisedRefund), contactedAfterOtherCompany: fields.refund_exit.contactedAfterOtherCompany };
    case "other":
      return { type, ...fields.other };
  }
};

const contactMethodInput = (method: ContactMethod, draft: ReportDraft): ReportInput["contactMethods"][number] => {
  const fields = draft.contactMethodFields;
  switch (method) {
    case "phone":
      return { method, ...fields.phone };
    case "email":
      return { method, emailAddress: fields.email.emailAddress };
    case "social_media":
      return { method, ...fields.social_media };
    case "in_person":
      return { method, ...fields.in_person };
  }
};

const evidenceRef = (ref: ReportDraft["evidence"]) => (ref ? { uploadId: ref.uploadId, fileName: ref.fileName } : undefined);

/** The request body for the wizard's draft; the browser builds it here and nowhere else. */
export function draftToInput(draft: ReportDraft, extras: Pick<ReportInput, "captchaToken" | "client"> = {}): ReportInput {
  const emailContact = draft.contactMethods.includes("email");
  return {
    reporter: {
      fullName: draft.fullName,
      email: draft.email,
      city: draft.city,
      state: draft.state,
      ageRange: draft.ageRange,
      speakWithTeam: draft.speakWithTeam,
      shareAnonymously: draft.shareAnonymously,
    },
    scamTypes: draft.scamTypes.map((type) => scamTypeInput(type, draft)),
    contactMethods: draft.contactMethods.map((method) => contactMethodInput(method, draft)),
    moneyLost: draft.moneyLost,
    amountLost: draft.moneyLost ? dollars(draft.amountLost) : undefined,
    dateOccurred: draft.dateOccurred,
    scammer: { ...draft.scammer },
    evidence: {
      contactEmail: emailContact ? evidenceRef(draft.contactMethodFields.email.evidence) : undefined,
      details: evidenceRef(draft.evidence),
    },
    reportedElsewhere: draft.reportedElsewhere,
    reportedTo: draft.reportedElsewhere ? draft.reportedTo : undefined,
    wantUpdates: draft.wantUpdates,
    publishConsent: draft.publishConsent,
    ...extras,
  };
}
