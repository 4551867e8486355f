import { LEAD_FORMS, LEAD_FORM_INFO, LEAD_MESSAGES } from "@site/core/lead/forms";
import { SOURCE_GROUP_LABELS, STATUS_LABELS } from "@site/core/newsletter/sources";
import {
  ANALYTICS_DAILY_DAYS,
  ANALYTICS_HOURLY_DAYS,
  ANALYTICS_RAW_DAYS,
  ANALYTICS_SALT_TTL_MARGIN_SECONDS,
  DELETION_LINK_HOURS,
  DELETION_REQUEST_RECORD_DAYS,
  NEWSLETTER_CONFIRMATION_DAYS,
  NEWSLETTER_DELIVERY_DAYS,
  RATE_WINDOW_SECONDS,
  SIGNATURE_RETENTION_YEARS,
  SUBMISSION_RETENTION_YEARS,
  SUPPRESSION_RETENTION_YEARS,
  TRANSIENT_BOUNCE_WINDOW_DAYS,
  UNCONFIRMED_SIGNATURE_DAYS,
  UNCONFIRMED_SUBSCRIBER_DAYS,
} from "@site/core/policy/retention";
import { CONTACT_METHOD_LABELS, FIELD_LABELS, QUESTIONS, SCAM_TYPE_LABELS } from "@site/core/report/catalogue";
import type { MetaDetails } from "@site/core/request/meta-details";
import { SITE_NAME } from "@site/core/site/page-head";
import { count, duration, listing } from "./data-requests";
import { LEAD_FORM_WORDS } from "./guide-pages";
import type { PublicPath } from "../publicRoutes";
import type { SampleContent } from "./types";

/**
 * Every word of the privacy policy (spec "Privacy Policy"), /privacy-policy. (The request
 * form's and /my-data's words are data-requests.ts.) The policy says what this system does: the
 * fields come from the forms' own schemas and labels, and every period from the constants the
 * retention job and the TTLs use (packages/core/src/policy/retention.ts), so changing one changes
 * the page.
 */

const quoted = (items: readonly string[]) => items.map((item) => `“${item}”`);

// ─── the policy's building blocks ───────────────────────────────────────────────────────────────────

/** The pages a policy text may link to: pages of the site. */
export type PolicyLinkTarget = PublicPath;

/** Text with links: plain strings and `{text, to}` parts (inside the site) or `{text, href}` (outside). */
export type RichText = string | readonly (string | { text: string; to: PolicyLinkTarget } | { text: string; href: string })[];

export type PolicyBlock =
  | { kind: "paragraph"; text: RichText }
  | { kind: "list"; items: readonly RichText[] }
  | { kind: "subheading"; text: string }
  | { kind: "table"; caption: string; header: readonly string[]; rows: readonly (readonly [string, string, string])[] };

export interface PolicySection {
  /** The anchor of the section (#data-collected…). */
  id: string;
  title: string;
  blocks: readonly PolicyBlock[];
}

// ─── what each form stores ──────────────────────────────────────────────────────────────────────────

/** The sign form's fields (web/src/pages/SignPage.tsx) as the form labels them. */
const SIGN_FIELDS = ["First Name", "Last Name", "Email", "Timeshare Name (optional)"] as const;
const SIGN_CONSENT = "Keep me updated about the campaign";
/** The sign form's second box (SignPage.tsx): the petition's milestone and outcome e-mails. */
const SIGN_UPDATES = "Tell me how this petition does";

/** The technical details stored with every signature, scam report and guide request (request/meta-details.ts), in words. */
export const TECHNICAL_DETAILS: Record<keyof MetaDetails, string> = {
  browser: "your browser's name and main version (for example “Chrome 126”)",
  deviceType: "the type of device (Mobile, Tablet or Desktop), worked out from the browser's user-agent text",
  userAgent: "that user-agent text itself, as your browser sends it",
  screenResolution: "your screen's resolution",
  timezone: "your time zone",
  language: "your browser's language setting",
  ipAddress: "your IP address, in full",
  city: "city",
  region: "region",
  country: "country",
  countryCode: "the country's standard code",
  regionCode: "the region's standard code",
  latitude: "approximate latitude",
  longitude: "approximate longitude",
};

/** Which of them the policy lists as technical information and which as location (a test checks that they cover all). */
export const METADATA_GROUPS = {
  technical: ["browser", "deviceType", "userAgent", "screenResolution", "timezone", "language", "ipAddress"],
  location: ["city", "region", "country", "countryCode", "regionCode", "latitude", "longitude"],
} as const satisfies Record<string, readonly (keyof MetaDetails)[]>;

const details = (keys: readonly (keyof MetaDetails)[], separator = ", ") =>
  listing(
    keys.map((key) => TECHNICAL_DETAILS[key]),
    "and",
    separator,
  );

const GUIDE_TITLES = LEAD_FORMS.map((form) => LEAD_FORM_INFO[form].documentTitle);

const POLICY_INTRO =
  `This policy explains what the ${SITE_NAME} (“we”) collects when you use this website, why, how long we keep it and how you can see, download or erase it. ` +
  "It describes what our systems actually do: the lists of fields below are the fields our forms store, and the periods are the ones our automatic deletion uses.";

export const POLICY = {
  eyebrow: "Your data",
  title: "Privacy Policy",
  lead: POLICY_INTRO,
  contents: "On this page",
} as const;

const personal: PolicyBlock[] = [
  { kind: "subheading", text: "Personal information you give us" },
  {
    kind: "paragraph",
    text: "We only collect personal information you type into one of our forms. Reading the site needs no account and no sign-in. Each form stores:",
  },
  {
    kind: "list",
    items: [
      [
        { text: "Petition signature", to: "/petition" },
        `: ${listing(SIGN_FIELDS)}, the petition you signed, whether you ticked “${SIGN_CONSENT}” and, if you did, when, and whether you ticked “${SIGN_UPDATES}” (and, if you stopped those e-mails, when).`,
      ],
      [
        { text: "Scam report", to: "/report-scam" },
        `: about you, ${listing([FIELD_LABELS.fullName, FIELD_LABELS.email, FIELD_LABELS.city, FIELD_LABELS.state, `${FIELD_LABELS.ageRange} (optional)`])}; ` +
          `about the scam, ${FIELD_LABELS.scamTypes} (${listing(Object.values(SCAM_TYPE_LABELS))}) with the details each type asks for, ` +
          `${FIELD_LABELS.contactMethods} (${listing(Object.values(CONTACT_METHOD_LABELS))}) with the number, address, profile or place, ` +
          `${listing([FIELD_LABELS.amountLost, FIELD_LABELS.dateOccurred])}; about the people behind it, ` +
          `${listing([FIELD_LABELS.scammerName, FIELD_LABELS.companyName, FIELD_LABELS.scammerPhone, FIELD_LABELS.scammerEmail, FIELD_LABELS.scammerWebsite])}; ` +
          `the files you attach (${listing([FIELD_LABELS.evidence, FIELD_LABELS.contactEmailEvidence])}); and your answers to ${listing(quoted(Object.values(QUESTIONS)))} ` +
          `(with the ${FIELD_LABELS.reportedTo} if you name one). Each report also gets a reference number.`,
      ],
      [
        { text: "Free guides", to: "/timeshare-scam-checklist" },
        ` (${listing(quoted(GUIDE_TITLES))}): ${listing([LEAD_FORM_WORDS.fullName, LEAD_FORM_WORDS.email])}, which guide you asked for, and whether you ticked “${LEAD_MESSAGES.consentLabel}”`,
      ],
      "Newsletter: only if you agree to it on one of those forms (its newsletter box, or “Yes” to receiving updates on the scam report). We keep your e-mail address and name; for every time you agreed, " +
        `where (${listing(Object.values(SOURCE_GROUP_LABELS), "or")}) and when; the subscription's status (${listing(Object.values(STATUS_LABELS), "or")}); ` +
        "and when you confirmed and when you unsubscribed.",
      [
        { text: "Data requests", to: "/data-deletion-request" },
        ": the e-mail address you type is kept with the link we send it only while that link works; the request itself is recorded under a one-way hash of the address (a fingerprint from which the address cannot be read back).",
      ],
    ],
  },
  { kind: "paragraph", text: "Every record also keeps the date and time it was made." },
];

const technical: PolicyBlock[] = [
  { kind: "subheading", text: "Technical information" },
  {
    kind: "paragraph",
    text: `With every petition signature, scam report and guide request we store ${details(METADATA_GROUPS.technical, "; ")}. The screen resolution, time zone and language are sent by our form; the rest comes from your request to our server.`,
  },
  {
    kind: "paragraph",
    text:
      "The full IP address stays with the record it came with, for as long as that record is kept (see “How long we keep it”); it is removed when a signature is anonymised. " +
      "Our site analytics (below) never store a full address, only a shortened one.",
  },
  { kind: "subheading", text: "Location" },
  {
    kind: "paragraph",
    text:
      `With the same records we store the ${details(METADATA_GROUPS.location)} that our content delivery network, Amazon CloudFront, associates with your IP address and adds to the requests that reach us through it. ` +
      "That is the only source of location: we never ask your browser for your location, use no GPS, and send your IP address to no third-party location service.",
  },
  { kind: "subheading", text: "Site analytics" },
  {
    kind: "list",
    items: [
      "No cookies, no local storage and no third-party analytics or advertising tools: our own server counts visits.",
      "For each page view we record the page (without anything after the “?” in its address, which may hold a link's token), the time, the device type, browser family and operating system, the city, region and country as above, the website you came from (its name only), campaign tags in the page's address, and a shortened IP address: the first three parts of an IPv4 address (a /24 network, so 203.0.113.77 becomes 203.0.113.0) or the first three groups of an IPv6 address (a /48 network).",
      "To count unique visitors without cookies, a visitor is a hash of a random value that changes every day (New York time), the IP address and the browser's user-agent text. " +
        `The day's random value is deleted after that day (by the first visit of the next day, or automatically ${duration(ANALYTICS_SALT_TTL_MARGIN_SECONDS)} after the day ends), so a visitor cannot be recognised from one day to the next, nor traced back once the day is over.`,
      `Individual page views and events are deleted after ${count(ANALYTICS_RAW_DAYS, "day")} and hourly totals after ${count(ANALYTICS_HOURLY_DAYS, "day")}; daily totals (counts per page, country, device and so on, with no personal data) after ${count(ANALYTICS_DAILY_DAYS, "day")}.`,
    ],
  },
  { kind: "subheading", text: "Cookies and storage in your browser" },
  {
    kind: "paragraph",
    text:
      "This site sets no cookies for visitors. The scam report form keeps your unfinished report in your browser tab's session storage, so reloading the page does not lose it; it is gone when you close the tab. " +
      "The report's thank-you page keeps your reference number there in the same way.",
  },
];

/**
 * How to reach the foundation about privacy. Only the foundation can give a monitored address, so
 * the page says what works without one until it does.
 */
export const PRIVACY_CONTACT: { text: RichText } & SampleContent = {
  text: [
    "To see, download or erase your data, use our ",
    { text: "data request page", to: "/data-deletion-request" },
    "; to stop the newsletter, use the unsubscribe link in any newsletter e-mail. For anything else about this policy, write to the foundation.",
  ],
  replaceBeforeLaunch:
    "The foundation's privacy contact (a monitored e-mail address, and a postal address) for questions, rectification and objections; add it to this text.",
};

export const POLICY_SECTIONS: readonly PolicySection[] = [
  { id: "data-collected", title: "Data We Collect", blocks: [...personal, ...technical] },
  {
    id: "use",
    title: "How We Use Your Data",
    blocks: [
      {
        kind: "list",
        items: [
          "A signature counts towards its petition and is shown to our administrators; your name is not published on this site, and the petition we deliver to lawmakers gives counts by state and city, never your name.",
          `A scam report is read by our review team to warn others, to follow up if you said we may, and to build our evidence for reform. We share your story, without your name, only if you answered “Yes” to “${QUESTIONS.shareAnonymously}”`,
          "Reports that name the same company, phone number, website or e-mail domain are linked by our administrators into a case, which they may refer to an authority (the FTC, a state attorney general) as a case pack: what happened, the scammer's details, the amounts and the names of your evidence files. Your name and e-mail address are in it only if you answered “Yes” to speaking with our team; otherwise it says you did not agree to be contacted.",
          "A case may become a public scam alert (/scam-alerts): the company's name, phone numbers and websites, and counts of what owners reported (scam types, states, amounts in ranges, the first and last report's dates, the number of reports), in our administrators' words. Your report counts toward an alert only if you ticked, on the report's last step, that we may publish an anonymised summary; an alert never shows your name, address, e-mail or your own words. Erasing your data removes your report from its case and from the alert's counts.",
          "With your report's reference number and your e-mail address you can ask for a link to a page showing your report's status and its case's; if you asked for updates, we e-mail you when your report's case changes status (each e-mail has a link to stop them).",
          "A guide request is used to e-mail you the guide and to keep a record that we did.",
          `Your e-mail address is used for the e-mails the form says it sends: a thank-you after signing, the petition's milestones and outcome if you ticked “${SIGN_UPDATES}” and confirmed your signature or your newsletter subscription from your mailbox (each with a link to stop them), a confirmation of your report if you asked for updates, the guide you asked for, and the newsletter only after you confirm your subscription from the e-mail we send.`,
          "Technical information and location are used to keep out automated abuse and duplicates, to understand where owners need help, and (in analytics) to see which pages help people.",
          "We never sell your data and never use it for advertising.",
        ],
      },
      { kind: "subheading", text: "Who handles it" },
      {
        kind: "list",
        items: [
          "Our administrators, who sign in to a private console. When you submit a form, they are sent a notification e-mail with its content (including the technical information); the signatures, reports and guide requests are also copied to their spreadsheets (Google Sheets), which are updated when records are erased.",
          "Amazon Web Services hosts the site and stores the data (database, private file storage for evidence) and sends our e-mails (Amazon SES).",
          [
            "Google reCAPTCHA checks that a form is sent by a person and not a program. When you start filling in a form, your browser loads it from Google, which receives information about your browser and may set its own cookies, under ",
            { text: "Google's Privacy Policy", href: "https://policies.google.com/privacy" },
            " and ",
            { text: "Terms of Service", href: "https://policies.google.com/terms" },
            ".",
          ],
          "Donations are made on our payment provider's own page, under its privacy policy; this site never sees your payment details.",
        ],
      },
      { kind: "subheading", text: "Legal bases" },
      {
        kind: "paragraph",
        text: "We process your data because you asked us to (to sign, to report, to send a guide), with your consent (the newsletter, which you can withdraw at any time), and for our legitimate interest in keeping the site safe and understanding its use (technical information and analytics).",
      },
    ],
  },
  {
    id: "retention",
    title: "How Long We Keep It",
    blocks: [
      {
        kind: "paragraph",
        text: `Form submissions are kept ${count(SUBMISSION_RETENTION_YEARS, "year")} unless you ask us to delete them sooner; newsletter data until you ask us to delete it. A job runs every day to remove what is due:`,
      },
      {
        kind: "table",
        caption: "How long each kind of record is kept",
        header: ["Record", "Kept", "Then"],
        rows: [
          [
            "Petition signature",
            `${count(SIGNATURE_RETENTION_YEARS, "year")} after signing`,
            "Anonymised: the name, e-mail address, timeshare name and technical information are removed; the signature still counts in the petition's total.",
          ],
          [
            "Petition signature never confirmed (petitions that count only signatures confirmed by e-mail)",
            `${count(UNCONFIRMED_SIGNATURE_DAYS, "day")} after signing`,
            "Deleted, and it no longer waits to be counted. Its confirmation link works until then.",
          ],
          ["Scam report", `${count(SUBMISSION_RETENTION_YEARS, "year")} after it was sent`, "Deleted, with its evidence files and everything else it holds."],
          ["Free-guide request", `${count(SUBMISSION_RETENTION_YEARS, "year")} after it was sent`, "Deleted."],
          [
            "Newsletter subscription",
            "Until you ask us to delete it",
            "When you unsubscribe we stop writing to you at once; we keep the record that you unsubscribed (your address, name, consents and when you left) so you are never added back by mistake, until you ask us to erase it.",
          ],
          [
            "Newsletter subscription never confirmed",
            `${count(UNCONFIRMED_SUBSCRIBER_DAYS, "day")} after you last agreed`,
            `Deleted. (A confirmation link works ${count(NEWSLETTER_CONFIRMATION_DAYS, "day")}.)`,
          ],
          [
            "Address that bounced, or marked our e-mail as spam",
            `${count(SUPPRESSION_RETENTION_YEARS, "year")} after our e-mail provider reported it`,
            `Deleted. While it is kept, no e-mail of ours is sent to the address. It holds a one-way hash of the address, never the address, with the reason, the date and the kind of e-mail. Erasing your data keeps it unless you ask to be e-mailed again. A temporary failure (a full mailbox) is counted for ${count(TRANSIENT_BOUNCE_WINDOW_DAYS, "day")}.`,
          ],
          [
            "Record of each newsletter or petition update sent to you",
            `${count(NEWSLETTER_DELIVERY_DAYS, "day")}`,
            "Deleted. It holds a one-way hash of your address, never the address.",
          ],
          [
            "Data request",
            `${count(DELETION_REQUEST_RECORD_DAYS, "day")}`,
            `Deleted. It holds a one-way hash of the address, its times and the number of records erased. Its e-mailed link works ${count(DELETION_LINK_HOURS, "hour")}, and the address is kept with the link only that long. How many links an address was sent that day is counted under a hash of the address and expires the next day.`,
          ],
          ["Individual page views (analytics)", `${count(ANALYTICS_RAW_DAYS, "day")}`, "Deleted."],
          ["Hourly visit totals (analytics)", `${count(ANALYTICS_HOURLY_DAYS, "day")}`, "Deleted."],
          ["Daily visit totals (analytics)", `${count(ANALYTICS_DAILY_DAYS, "day")}`, "Deleted. They hold counts only, no personal data."],
          [
            "Rate-limit counters",
            duration(RATE_WINDOW_SECONDS),
            "Deleted. They count a form's attempts per IP address (for IPv6, per /64 network and per /48 network), and visits counted by our analytics per shortened IP address, to stop floods of requests.",
          ],
          [
            "Our servers' logs",
            "1 month",
            "Deleted. Each request to our forms, and each upload or download of an evidence file, is logged with its time, the page or file, the answer and your IP address and browser, never what you typed.",
          ],
        ],
      },
      {
        kind: "paragraph",
        text: "Items with an expiry time are removed by our database's automatic expiry, which can take a few days after that time. When an erasure is recorded in our audit log, you are named by a one-way hash of your address, never the address.",
      },
    ],
  },
  {
    id: "rights",
    title: "Your Rights",
    blocks: [
      {
        kind: "paragraph",
        text: "Under the GDPR and similar laws you have the right to access your data, to have it corrected (rectification), to have it erased, to object to its use, and to receive it in a portable format. Here is how:",
      },
      {
        kind: "list",
        items: [
          [
            "Access, portability and erasure: ask on our ",
            { text: "data request page", to: "/data-deletion-request" },
            `. We e-mail a link to that address; within ${count(DELETION_LINK_HOURS, "hour")} it shows every record holding the address, lets you download all of it as a file (JSON, which any program can read) and erase it. Erasure reaches every kind of record above, evidence files and our spreadsheets included, and we e-mail you what was erased.`,
          ],
          "Objection and withdrawing consent: every newsletter e-mail has a link to unsubscribe in one click; nothing else we send is marketing. You can also erase your data as above.",
          "Rectification: send the form again with the correct details (and erase the old record on the data request page if you wish), or contact us as below.",
          "You can also complain to the data protection authority where you live.",
        ],
      },
    ],
  },
  {
    id: "security",
    title: "Security",
    blocks: [
      {
        kind: "list",
        items: [
          "Every page and request is encrypted in transit (HTTPS only), and the database and file storage encrypt what they hold.",
          "Evidence files are stored privately: they are never published, and administrators open them through links that work for a few minutes.",
          "The administrators' console requires signing in, with a second factor (an authenticator app) on our live site; each part of our system can reach only the data it needs, and deletions are recorded in an audit log.",
          "The links that confirm a newsletter subscription or open your data carry a random code that we store only as a one-way hash.",
          "Forms are protected against automated abuse by a bot check and by limits on how often they can be sent.",
        ],
      },
    ],
  },
  {
    id: "contact",
    title: "Contact",
    blocks: [
      {
        kind: "paragraph",
        text: `The ${SITE_NAME} is responsible for the data described here.`,
      },
      { kind: "paragraph", text: PRIVACY_CONTACT.text },
    ],
  },
];
