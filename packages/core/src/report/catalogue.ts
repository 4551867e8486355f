/**
 * The report-a-scam wizard's fixed vocabulary (spec §2 and §3): steps, questions, scam types and
 * contact methods with their own fields. The wizard, the API and the admin details view all read
 * these tables. No imports: the public bundle loads this module.
 */

export const STEP_TITLES = ["Your Information", "Tell Us What Happened", "Share Any Known Details", "Make Your Report Go Further"] as const;
export type WizardStep = 0 | 1 | 2 | 3;

/** The spec writes the ranges with an en dash. */
export const AGE_RANGES = ["Under 30", "30\u201345", "46\u201360", "61+"] as const;
export type AgeRange = (typeof AGE_RANGES)[number];

/** Yes/no questions; step 1's two are the spec's words, the others are ours (the spec gives no wording). */
export const QUESTIONS = {
  speakWithTeam: "Are you willing to speak with our team to help raise awareness or provide more details?",
  shareAnonymously: "Can we share your story anonymously to help warn others?",
  moneyLost: "Did you lose any money?",
  reportedElsewhere: "Have you already reported this scam anywhere else, such as a government agency or consumer protection office?",
  wantUpdates: "Would you like to receive scam-awareness updates and tips by e-mail?",
} as const;

/**
 * The last step's checkbox, unticked until the reporter ticks it: only a report whose reporter agreed
 * counts toward a public scam alert (packages/core/src/alerts).
 */
export const PUBLISH_CONSENT_LABEL =
  "You may publish an anonymised summary of this report (scam type, state, amount range, dates; never my name, address or words) in the foundation's public scam alerts.";

/** Labels of the report's own fields, for the wizard and the admin details view. */
export const FIELD_LABELS = {
  fullName: "Full Name",
  email: "Email",
  city: "City",
  state: "State",
  ageRange: "Age Range",
  scamTypes: "Type of Scam",
  contactMethods: "How Did They Contact You?",
  amountLost: "Amount Lost (USD)",
  dateOccurred: "Date It Occurred",
  scammerName: "Scammer Name",
  companyName: "Company Name",
  scammerPhone: "Scammer Phone",
  scammerEmail: "Scammer Email",
  scammerWebsite: "Scammer Website",
  evidence: "Evidence File",
  contactEmailEvidence: "Email Evidence (optional)",
  reportedTo: "Agency or Organization",
} as const;

/**
 * A field of a scam type or contact method. Money is whole US dollars (the form keeps digits only);
 * `multiline` text gets a text area and the longer length cap.
 */
export interface FieldSpec<Name extends string = string> {
  name: Name;
  label: string;
  kind: "text" | "money" | "boolean";
  multiline?: true;
}

export const SCAM_TYPES = ["fake_resale", "upfront_fees", "high_pressure", "refund_exit", "other"] as const;
export type ScamType = (typeof SCAM_TYPES)[number];

export const SCAM_TYPE_LABELS: Record<ScamType, string> = {
  fake_resale: "Fake Resale Offer",
  upfront_fees: "Upfront Fees",
  high_pressure: "High-Pressure Sales",
  refund_exit: "Refund or Exit Scam",
  other: "Other",
};

export const SCAM_TYPE_FIELDS = {
  fake_resale: [{ name: "claimedSaleAmount", label: "Claimed Sale Amount", kind: "money" }],
  upfront_fees: [
    { name: "amount", label: "Amount Paid Upfront", kind: "money" },
    { name: "promisedServices", label: "Promised Services", kind: "text", multiline: true },
  ],
  high_pressure: [
    { name: "tactics", label: "Tactics Used", kind: "text", multiline: true },
    { name: "limitedTimeOrThreat", label: "Was there a limited-time offer or a threat?", kind: "boolean" },
  ],
  refund_exit: [
    { name: "promisedRefund", label: "Promised Refund Amount", kind: "money" },
    { name: "contactedAfterOtherCompany", label: "Were you contacted after working with another company?", kind: "boolean" },
  ],
  other: [{ name: "description", label: "Description", kind: "text", multiline: true }],
} as const satisfies Record<ScamType, readonly FieldSpec[]>;

export const CONTACT_METHODS = ["phone", "email", "social_media", "in_person"] as const;
export type ContactMethod = (typeof CONTACT_METHODS)[number];

export const CONTACT_METHOD_LABELS: Record<ContactMethod, string> = {
  phone: "Phone",
  email: "Email",
  social_media: "Social Media",
  in_person: "In Person",
};

/** Every field is text and required; the e-mail contact's optional evidence file is not listed here. */
export const CONTACT_METHOD_FIELDS = {
  phone: [
    { name: "countryCode", label: "Country Code", kind: "text" },
    { name: "phoneNumber", label: "Phone Number", kind: "text" },
  ],
  email: [{ name: "emailAddress", label: "Email Address", kind: "text" }],
  social_media: [
    { name: "platform", label: "Platform", kind: "text" },
    { name: "profile", label: "Profile Name or Link", kind: "text" },
  ],
  in_person: [
    { name: "location", label: "Location", kind: "text" },
    { name: "eventType", label: "Type of Event", kind: "text" },
  ],
} as const satisfies Record<ContactMethod, readonly FieldSpec[]>;

export const DEFAULT_COUNTRY_CODE = "+1";

/** The country-code selector's choices; the API accepts any "+" and 1–4 digits. */
export const COUNTRY_CODES = [
  { code: "+1", label: "United States / Canada (+1)" },
  { code: "+52", label: "Mexico (+52)" },
  { code: "+44", label: "United Kingdom (+44)" },
  { code: "+353", label: "Ireland (+353)" },
  { code: "+34", label: "Spain (+34)" },
  { code: "+33", label: "France (+33)" },
  { code: "+49", label: "Germany (+49)" },
  { code: "+39", label: "Italy (+39)" },
  { code: "+31", label: "Netherlands (+31)" },
  { code: "+61", label: "Australia (+61)" },
  { code: "+64", label: "New Zealand (+64)" },
  { code: "+27", label: "South Africa (+27)" },
  { code: "+91", label: "India (+91)" },
  { code: "+971", label: "United Arab Emirates (+971)" },
] as const;
