import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { amountDigits, AMOUNT_MAX, formatUsd } from "../src/report/amount";
import { AGE_RANGES, CONTACT_METHOD_FIELDS, CONTACT_METHODS, QUESTIONS, SCAM_TYPE_FIELDS, SCAM_TYPES, STEP_TITLES } from "../src/report/catalogue";
import { dateError, isFutureDate, todayInNewYork } from "../src/report/date";
import { emptyDraft, firstIncompleteStep, restoreDraft, stepErrors, type ReportDraft } from "../src/report/draft";
import { EvidenceMessages } from "../src/evidence/limits";
import { isAllowedEvidence, isEmail, MESSAGES } from "../src/report/fields";
import { draftToInput } from "../src/report/draft";
import { ContactMethodInput, ReportInput, ScamTypeInput } from "../src/report/input";
import { filterPhoneInput, isValidPhone, phoneError } from "../src/report/phone";
import { isReferenceNumber, normaliseReference, referenceNumber } from "../src/report/reference";
import { normaliseWebsite, websiteError, WEBSITE_MESSAGE } from "../src/report/website";
import { sortableId } from "../src/util/id";
import { fieldErrors } from "../src/util/zod";

const DIGITS_MESSAGE = "Please enter a valid phone number (10-15 digits)";
const PHONE_MESSAGE = "Please enter a valid phone number";
const FUTURE = "Please select a date in the past or today";
const WEBSITE =
  "Please enter a valid website URL (e.g., https://example.com). The URL must start with http:// or https:// and contain a valid domain name. Leave empty if you don't have a website to report.";
const DETAILS_NEEDED = "Please share at least one detail (name, company, phone, e-mail, website or a file).";
const CONTACT_EMAIL_TYPES = EvidenceMessages.notAllowed("contactEmail");
const DETAILS_TYPES = EvidenceMessages.notAllowed("details");

/** 23:30 on 14 January in New York, already 15 January in UTC. */
const NY_LATE_EVENING = new Date("2026-01-15T04:30:00Z");
/** Midnight starting 15 January in New York (EST, UTC-5). */
const NY_MIDNIGHT = new Date("2026-01-15T05:00:00Z");

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("the wizard's fixed text (spec §2)", () => {
  it("has the four step titles, the age ranges with en dashes and step 1's two questions word for word", () => {
    expect(STEP_TITLES).toEqual(["Your Information", "Tell Us What Happened", "Share Any Known Details", "Make Your Report Go Further"]);
    expect(AGE_RANGES).toEqual(["Under 30", "30–45", "46–60", "61+"]);
    expect(QUESTIONS.speakWithTeam).toBe("Are you willing to speak with our team to help raise awareness or provide more details?");
    expect(QUESTIONS.shareAnonymously).toBe("Can we share your story anonymously to help warn others?");
  });

  it("lists the spec's scam types and contact methods, each schema option holding exactly its table's fields", () => {
    expect(SCAM_TYPES).toEqual(["fake_resale", "upfront_fees", "high_pressure", "refund_exit", "other"]);
    expect(CONTACT_METHODS).toEqual(["phone", "email", "social_media", "in_person"]);
    for (const option of ScamTypeInput.options) {
      const { type, ...fields } = option.shape;
      const name = [...type.values][0] as keyof typeof SCAM_TYPE_FIELDS;
      expect(Object.keys(fields), name).toEqual(SCAM_TYPE_FIELDS[name].map((f) => f.name));
    }
    expect(ScamTypeInput.options.map((o) => [...o.shape.type.values][0])).toEqual([...SCAM_TYPES]);
    for (const option of ContactMethodInput.options) {
      const { method, ...fields } = option.shape;
      const name = [...method.values][0] as keyof typeof CONTACT_METHOD_FIELDS;
      expect(Object.keys(fields), name).toEqual(CONTACT_METHOD_FIELDS[name].map((f) => f.name));
    }
    expect(ContactMethodInput.options.map((o) => [...o.shape.method.values][0])).toEqual([...CONTACT_METHODS]);
  });

  it("types the scam-type fields as the spec's table does (booleans for the yes/no ones)", () => {
    const kinds = Object.fromEntries(SCAM_TYPES.map((type) => [type, SCAM_TYPE_FIELDS[type].map((f) => `${f.name}:${f.kind}`)]));
    expect(kinds).toEqual({
      fake_resale: ["claimedSaleAmount:money"],
      upfront_fees: ["amount:money", "promisedServices:text"],
      high_pressure: ["tactics:text", "limitedTimeOrThreat:boolean"],
      refund_exit: ["promisedRefund:money", "contactedAfterOtherCompany:boolean"],
      other: ["description:text"],
    });
  });
});

describe("phone numbers", () => {
  it("the input keeps only digits, spaces, + ( ) and -, at most 20 characters", () => {
    expect(filterPhoneInput("+1 (555) 123-4567")).toBe("+1 (555) 123-4567");
    expect(filterPhoneInput("tel: 555.123.4567 ext 8")).toBe(" 5551234567  8");
    expect(filterPhoneInput("1".repeat(25))).toBe("1".repeat(20));
    expect(filterPhoneInput("１２３")).toBe("");
  });

  it.each([
    ["9 digits", "555123456", false],
    ["10 digits", "5551234567", true],
    ["15 digits", "123456789012345", true],
    ["16 digits", "1234567890123456", false],
    ["formatted with a plus", "+1 (555) 123-4567", true],
    ["15 digits formatted to 20 characters", "+44 (20) 7946-095812", true],
    ["21 characters", "+1 (555) 123-4567 890", false],
    ["a plus inside", "555+1234567", false],
    ["a letter", "555123456a7", false],
    ["punctuation only", "(((---)))  ", false],
    ["empty", "", false],
  ])("%s: valid = %s", (_, phone, valid) => {
    expect(isValidPhone(phone)).toBe(valid);
  });

  it("says the digits message, and in step 3 the short one when characters would have been stripped", () => {
    expect(phoneError("5551234567")).toBeUndefined();
    expect(phoneError("555123")).toBe(DIGITS_MESSAGE);
    expect(phoneError("555-CALL-NOW")).toBe(DIGITS_MESSAGE);
    expect(phoneError("555-CALL-NOW", { step3: true })).toBe(PHONE_MESSAGE);
    expect(phoneError("555 123", { step3: true })).toBe(DIGITS_MESSAGE);
  });
});

describe("amounts", () => {
  it("keep digits only, without leading zeros, at most 12", () => {
    expect(amountDigits("$1,234")).toBe("1234");
    expect(amountDigits("12a3")).toBe("123");
    expect(amountDigits("007")).toBe("7");
    expect(amountDigits("000")).toBe("0");
    expect(amountDigits("")).toBe("");
    expect(amountDigits("1234567890123")).toBe("123456789012");
  });

  it("show as US dollars with 2 decimals, 'N/A' when empty and 'Invalid Amount' when not a number", () => {
    expect(formatUsd(1234)).toBe("$1,234.00");
    expect(formatUsd(0)).toBe("$0.00");
    expect(formatUsd("1500")).toBe("$1,500.00");
    expect(formatUsd(AMOUNT_MAX)).toBe("$999,999,999,999.00");
    expect(formatUsd(undefined)).toBe("N/A");
    expect(formatUsd(null)).toBe("N/A");
    expect(formatUsd(" ")).toBe("N/A");
    expect(formatUsd("abc")).toBe("Invalid Amount");
    expect(formatUsd(Number.NaN)).toBe("Invalid Amount");
  });
});

describe("the scammer's website", () => {
  it.each([
    ["example.com", "https://example.com/"],
    ["  scam.example.org/offer?id=7 ", "https://scam.example.org/offer?id=7"],
    ["http://old.example.net", "http://old.example.net/"],
    ["HTTPS://Example.COM/Path", "https://example.com/Path"],
  ])("accepts %j as %j", (raw, url) => {
    expect(normaliseWebsite(raw)).toBe(url);
    expect(websiteError(raw)).toBeUndefined();
  });

  it.each([
    ["a space", "https://exam ple.com"],
    ["no dot in the host", "localhost"],
    ["no dot after the scheme", "https://intranet/page"],
    ["ftp", "ftp://example.com"],
    ["javascript", "javascript:alert(1)"],
    ["a mailto", "mailto:x@example.com"],
    ["a user and password", "https://user:pw@example.com"],
    ["a trailing dot only", "https://example."],
    ["no host", "https://"],
    ["too long", `https://example.com/${"a".repeat(2048)}`],
  ])("refuses %s", (_, raw) => {
    expect(normaliseWebsite(raw)).toBeNull();
    expect(websiteError(raw)).toBe(WEBSITE);
  });

  it("is optional: empty is no website and no error", () => {
    expect(WEBSITE_MESSAGE).toBe(WEBSITE);
    expect(normaliseWebsite("  ")).toBeNull();
    expect(websiteError("")).toBeUndefined();
  });
});

describe("the date it occurred, in New York", () => {
  it("knows today in New York, not UTC, across midnight", () => {
    expect(todayInNewYork(NY_LATE_EVENING)).toBe("2026-01-14");
    expect(todayInNewYork(NY_MIDNIGHT)).toBe("2026-01-15");
    // summer: EDT, UTC-4
    expect(todayInNewYork(new Date("2026-07-05T03:59:59Z"))).toBe("2026-07-04");
    expect(todayInNewYork(new Date("2026-07-05T04:00:00Z"))).toBe("2026-07-05");
  });

  it("refuses tomorrow in New York even when it is already that day in UTC", () => {
    expect(isFutureDate("2026-01-15", NY_LATE_EVENING)).toBe(true);
    expect(dateError("2026-01-15", NY_LATE_EVENING)).toBe(FUTURE);
    expect(dateError("2026-01-14", NY_LATE_EVENING)).toBeUndefined();
    expect(dateError("2026-01-15", NY_MIDNIGHT)).toBeUndefined();
    expect(dateError("2026-01-16", NY_MIDNIGHT)).toBe(FUTURE);
  });

  it.each(["2025-02-30", "2025-13-01", "01/14/2026", "2026-1-5", "1899-12-31", ""])("refuses %j as not a date", (day) => {
    expect(dateError(day, NY_MIDNIGHT)).toBe("Please select a valid date");
  });
});

describe("e-mail pattern (text @ text . text, no spaces)", () => {
  it.each([
    ["ann@example.com", true],
    [" ann@example.co.uk ", true],
    ["ann@example", false],
    ["ann example@example.com", false],
    ["@example.com", false],
    ["ann@@example.com", false],
  ])("%j → %s", (email, ok) => {
    expect(isEmail(email)).toBe(ok);
  });
});

describe("evidence file names (limits from evidence/limits.ts)", () => {
  it.each([
    ["Letter.PDF", "contactEmail", true],
    ["mail.eml", "contactEmail", true],
    ["photo.png", "contactEmail", false],
    ["photo.jpeg", "details", true],
    [" scan.JPG ", "details", true],
    ["invoice.pdf.exe", "details", false],
    ["pdf", "details", false],
    ["file.", "details", false],
  ] as const)("%j at %s: allowed = %s", (name, purpose, allowed) => {
    expect(isAllowedEvidence(name, purpose)).toBe(allowed);
  });
});

describe("reference numbers", () => {
  it("look like TSR-XXXX-XXXX in Crockford base 32 and do not repeat", () => {
    const many = Array.from({ length: 2000 }, referenceNumber);
    for (const reference of many) expect(isReferenceNumber(reference), reference).toBe(true);
    expect(new Set(many).size).toBe(many.length);
    expect(many.join("")).not.toMatch(/[ILOU]/);
  });

  it("come from the Web Crypto random source", () => {
    vi.spyOn(globalThis.crypto, "getRandomValues").mockImplementation(((array: Uint8Array) => {
      array.set([0, 1, 2, 3, 28, 29, 30, 31 + 32]);
      return array;
    }) as never);
    expect(referenceNumber()).toBe("TSR-0123-WXYZ");
  });

  it.each([
    ["TSR-7K3M-9QX2", "TSR-7K3M-9QX2"],
    [" tsr-7k3m-9qx2 ", "TSR-7K3M-9QX2"],
    ["7K3M9QX2", "TSR-7K3M-9QX2"],
    ["tsr 7k3m 9qx2", "TSR-7K3M-9QX2"],
    ["TSR7K3M9QX2", "TSR-7K3M-9QX2"],
    ["TSR1-2345", "TSR-TSR1-2345"],
    ["tsr-oil0-0000", "TSR-0110-0000"],
  ])("normalises %j to %j", (typed, reference) => {
    expect(normaliseReference(typed)).toBe(reference);
  });

  it.each(["TSR-7K3M-9QXU", "7K3M-9QX", "TSR-7K3M-9QX22", "XYZ-7K3M-9QX2", ""])("refuses %j", (typed) => {
    expect(normaliseReference(typed)).toBeNull();
    expect(isReferenceNumber(typed)).toBe(false);
  });
});

type Body = ReportInput & {
  scammer: NonNullable<ReportInput["scammer"]>;
  evidence: NonNullable<ReportInput["evidence"]>;
} & Record<string, unknown>;

/** A complete, valid request body. */
function body(): Body {
  return {
    reporter: {
      fullName: "  Maria O'Neil-García ",
      email: " maria@example.com ",
      city: "Orlando",
      state: "FL",
      ageRange: "61+",
      speakWithTeam: true,
      shareAnonymously: false,
    },
    scamTypes: [
      { type: "fake_resale", claimedSaleAmount: 45000 },
      { type: "upfront_fees", amount: 2500, promisedServices: "Listing and closing" },
      { type: "high_pressure", tactics: "Four-hour pitch", limitedTimeOrThreat: true },
      { type: "refund_exit", promisedRefund: 8000, contactedAfterOtherCompany: true },
      { type: "other", description: "Line one\nLine two" },
    ],
    contactMethods: [
      { method: "phone", countryCode: "+1", phoneNumber: "(555) 123-4567" },
      { method: "email", emailAddress: "sales@resale.example" },
      { method: "social_media", platform: "Facebook", profile: "Resale Pros" },
      { method: "in_person", location: "Orlando resort", eventType: "Owner update meeting" },
    ],
    moneyLost: true,
    amountLost: 2500,
    dateOccurred: "2025-11-03",
    scammer: {
      name: "John Smith",
      company: "Resale Pros LLC",
      phone: "+1 555 987 6543",
      email: "john@resale.example",
      website: "resale.example",
    },
    evidence: {
      contactEmail: { uploadId: sortableId(), fileName: "email.eml" },
      details: { uploadId: sortableId(), fileName: "contract.pdf" },
    },
    reportedElsewhere: true,
    reportedTo: "Florida Attorney General",
    wantUpdates: true,
    captchaToken: "token",
    client: { screenResolution: "1920x1080", timezone: "America/New_York", language: "en-US" },
  };
}

const errorsOf = (input: unknown) => {
  const result = ReportInput.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
};
const withChange = (change: (b: Body) => void) => {
  const b = body();
  change(b);
  return b;
};

describe("ReportInput (POST /api/reports)", () => {
  it("accepts a complete report, trimmed, website normalised", () => {
    const report = ReportInput.parse(body());
    expect(report.reporter).toEqual({
      fullName: "Maria O'Neil-García",
      email: "maria@example.com",
      city: "Orlando",
      state: "FL",
      ageRange: "61+",
      speakWithTeam: true,
      shareAnonymously: false,
    });
    expect(report.scammer.website).toBe("https://resale.example/");
    expect(report.amountLost).toBe(2500);
    expect(report.dateOccurred).toBe("2025-11-03");
    expect(report.scamTypes[4]).toEqual({ type: "other", description: "Line one\nLine two" });
    expect(report.reportedTo).toBe("Florida Attorney General");
  });

  it("says the spec's sentence when name, city or state is missing", () => {
    const message = "Name, city, and state are required fields.";
    expect(errorsOf(withChange((b) => (b.reporter.fullName = "  ")))).toEqual({ "reporter.fullName": message });
    expect(errorsOf(withChange((b) => delete (b.reporter as Partial<typeof b.reporter>).city))).toEqual({ "reporter.city": message });
    expect(errorsOf(withChange((b) => (b.reporter.state = "")))).toEqual({ "reporter.state": message });
    expect(errorsOf(withChange((b) => delete (b as Partial<typeof b>).reporter))).toEqual({ reporter: message });
  });

  it("says 'Name and email are required fields' without an e-mail and the spec's message for a bad one", () => {
    expect(errorsOf(withChange((b) => (b.reporter.email = " ")))).toEqual({ "reporter.email": "Name and email are required fields" });
    for (const email of ["maria@example", "maria @example.com", "maria.example.com"]) {
      expect(errorsOf(withChange((b) => (b.reporter.email = email)))).toEqual({ "reporter.email": "Please enter a valid email address." });
    }
  });

  it("holds the full name to the sign form's name rule (it goes into e-mails), up to 100 characters", () => {
    expect(errorsOf(withChange((b) => (b.reporter.fullName = "Visit https://evil.example")))).toEqual({
      "reporter.fullName": "Full name can only contain letters, spaces, apostrophes, hyphens and dots",
    });
    expect(errorsOf(withChange((b) => (b.reporter.fullName = "A".repeat(101))))).toEqual({ "reporter.fullName": "Full name must be at most 100 characters" });
    expect(errorsOf(withChange((b) => (b.reporter.fullName = "A".repeat(100))))).toEqual({});
  });

  it("caps every text and refuses control characters in single-line fields", () => {
    expect(errorsOf(withChange((b) => (b.reporter.city = "x".repeat(201))))).toEqual({ "reporter.city": "City must be at most 200 characters" });
    expect(errorsOf(withChange((b) => (b.reporter.state = "FL\u202E")))).toEqual({ "reporter.state": "State contains characters that are not allowed" });
    expect(errorsOf(withChange((b) => (b.scammer.company = "Acme\nVisit")))).toEqual({
      "scammer.company": "Company name contains characters that are not allowed",
    });
    expect(errorsOf(withChange((b) => (b.scamTypes[4] = { type: "other", description: "x".repeat(2001) })))).toEqual({
      "scamTypes.4.description": "Description must be at most 2000 characters",
    });
    expect(errorsOf(withChange((b) => (b.reportedTo = "x".repeat(201))))).toEqual({ reportedTo: "Agency or organization must be at most 200 characters" });
    expect(errorsOf(withChange((b) => (b.scammer.email = `${"x".repeat(250)}@a.bc`)))).toEqual({
      "scammer.email": "Scammer email must be at most 254 characters",
    });
    expect(errorsOf(withChange((b) => (b.captchaToken = "x".repeat(4097))))).toHaveProperty("captchaToken");
    expect(errorsOf(withChange((b) => (b.reporter.ageRange = "30-45" as never)))).toEqual({ "reporter.ageRange": "Please choose an age range from the list" });
  });

  it("floors the amount lost at 0 in whole dollars and refuses what is not a number", () => {
    expect(ReportInput.parse(withChange((b) => (b.amountLost = -50))).amountLost).toBe(0);
    expect(ReportInput.parse(withChange((b) => (b.amountLost = 12.6))).amountLost).toBe(13);
    expect(ReportInput.parse(withChange((b) => (b.amountLost = 0))).amountLost).toBe(0);
    expect(ReportInput.parse(withChange((b) => (b.scamTypes[0] = { type: "fake_resale", claimedSaleAmount: -1 }))).scamTypes[0]).toEqual({
      type: "fake_resale",
      claimedSaleAmount: 0,
    });
    for (const amount of ["2500", "abc", null]) {
      expect(errorsOf(withChange((b) => (b.amountLost = amount as never)))).toEqual({ amountLost: "Please enter the amount in whole US dollars" });
    }
    expect(errorsOf(withChange((b) => (b.amountLost = AMOUNT_MAX + 1)))).toEqual({ amountLost: "The amount is too large" });
  });

  it("needs the amount when money was lost and drops it when none was", () => {
    expect(errorsOf(withChange((b) => delete b.amountLost))).toEqual({ amountLost: "Please enter the amount lost" });
    const report = ReportInput.parse(withChange((b) => (b.moneyLost = false)));
    expect(report.amountLost).toBeUndefined();
  });

  it("dates the report today in New York when no date is given, and refuses future dates", () => {
    vi.useFakeTimers({ now: NY_LATE_EVENING, toFake: ["Date"] });
    expect(ReportInput.parse(withChange((b) => delete b.dateOccurred)).dateOccurred).toBe("2026-01-14");
    expect(ReportInput.parse(withChange((b) => (b.dateOccurred = ""))).dateOccurred).toBe("2026-01-14");
    expect(ReportInput.parse(withChange((b) => (b.dateOccurred = "2026-01-14"))).dateOccurred).toBe("2026-01-14");
    expect(errorsOf(withChange((b) => (b.dateOccurred = "2026-01-15")))).toEqual({ dateOccurred: FUTURE });
    expect(errorsOf(withChange((b) => (b.dateOccurred = "2025-02-29")))).toEqual({ dateOccurred: "Please select a valid date" });
  });

  it("turns an invalid website into null instead of refusing the report", () => {
    for (const website of ["not a site", "localhost", "ftp://files.example.com"]) {
      expect(ReportInput.parse(withChange((b) => (b.scammer.website = website))).scammer.website).toBeNull();
    }
    expect(ReportInput.parse(withChange((b) => delete b.scammer.website)).scammer.website).toBeNull();
  });

  it("refuses a scammer phone that is not one, with step 3's messages", () => {
    expect(errorsOf(withChange((b) => (b.scammer.phone = "555 1234")))).toEqual({ "scammer.phone": DIGITS_MESSAGE });
    expect(errorsOf(withChange((b) => (b.scammer.phone = "555-SCAM-1234")))).toEqual({ "scammer.phone": PHONE_MESSAGE });
    expect(ReportInput.parse(withChange((b) => (b.scammer.phone = " "))).scammer.phone).toBeUndefined();
  });

  it("needs at least one known detail; an invalid website alone is not one, a file alone is", () => {
    const noDetails = (b: Body) => {
      b.scammer = {};
      delete b.evidence.details;
    };
    expect(errorsOf(withChange(noDetails))).toEqual({ scammer: DETAILS_NEEDED });
    expect(errorsOf(withChange((b) => (noDetails(b), (b.scammer.website = "not a site"))))).toEqual({ scammer: DETAILS_NEEDED });
    expect(errorsOf(withChange((b) => (noDetails(b), (b.scammer.name = "  "))))).toEqual({ scammer: DETAILS_NEEDED });
    expect(errorsOf(withChange((b) => (b.scammer = {})))).toEqual({});
    expect(errorsOf(withChange((b) => (noDetails(b), (b.scammer.email = "x@y.z"))))).toEqual({});
  });

  it("refuses unknown, repeated or missing scam types, and fields a type does not have", () => {
    expect(errorsOf(withChange((b) => (b.scamTypes = [{ type: "high_pressure_sales", tactics: "x" } as never])))).toEqual({
      "scamTypes.0.type": "Please choose a scam type from the list",
    });
    expect(errorsOf(withChange((b) => b.scamTypes.push({ type: "other", description: "again" })))).toEqual({
      scamTypes: "Each scam type can be chosen only once",
    });
    expect(errorsOf(withChange((b) => (b.scamTypes = [])))).toEqual({ scamTypes: "Please choose at least one scam type" });
    expect(errorsOf(withChange((b) => (b.scamTypes = [{ type: "other", description: "x", amount: 5 } as never])))).toMatchObject({
      "scamTypes.0": expect.stringContaining("amount"),
    });
    expect(errorsOf(withChange((b) => (b.scamTypes = [{ type: "upfront_fees", amount: 5 } as never])))).toEqual({
      "scamTypes.0.promisedServices": "Promised services is required",
    });
    expect(errorsOf(withChange((b) => (b.scamTypes = [{ type: "fake_resale" } as never])))).toEqual({
      "scamTypes.0.claimedSaleAmount": "Claimed sale amount is required",
    });
    expect(errorsOf(withChange((b) => (b.scamTypes = [{ type: "high_pressure", tactics: "x", limitedTimeOrThreat: "yes" } as never])))).toHaveProperty([
      "scamTypes.0.limitedTimeOrThreat",
    ]);
  });

  it("defaults the yes/no fields of scam types to no", () => {
    const report = ReportInput.parse(
      withChange(
        (b) =>
          (b.scamTypes = [
            { type: "high_pressure", tactics: "x" },
            { type: "refund_exit", promisedRefund: 5 },
          ]),
      ),
    );
    expect(report.scamTypes).toEqual([
      { type: "high_pressure", tactics: "x", limitedTimeOrThreat: false },
      { type: "refund_exit", promisedRefund: 5, contactedAfterOtherCompany: false },
    ]);
  });

  it("refuses unknown, repeated or incomplete contact methods", () => {
    expect(errorsOf(withChange((b) => (b.contactMethods = [{ method: "fax", number: "1" } as never])))).toEqual({
      "contactMethods.0.method": "Please choose a contact method from the list",
    });
    expect(errorsOf(withChange((b) => (b.contactMethods = [{ contact_type: "email", contact_value: "x" } as never])))).toEqual({
      "contactMethods.0.method": "Please choose a contact method from the list",
    });
    expect(errorsOf(withChange((b) => b.contactMethods.push({ method: "in_person", location: "a", eventType: "b" })))).toEqual({
      contactMethods: "Each contact method can be chosen only once",
    });
    expect(errorsOf(withChange((b) => (b.contactMethods = []))).contactMethods).toBe("Please choose at least one contact method");
    expect(errorsOf(withChange((b) => (b.contactMethods[2] = { method: "social_media", platform: "X", profile: "" })))).toEqual({
      "contactMethods.2.profile": "Profile name or link is required",
    });
    expect(errorsOf(withChange((b) => (b.contactMethods[0] = { method: "phone", phoneNumber: "555-1234" })))).toEqual({
      "contactMethods.0.phoneNumber": DIGITS_MESSAGE,
    });
    expect(errorsOf(withChange((b) => (b.contactMethods[0] = { method: "phone", countryCode: "1", phoneNumber: "5551234567" })))).toEqual({
      "contactMethods.0.countryCode": "Please choose a country code",
    });
    expect(errorsOf(withChange((b) => (b.contactMethods[1] = { method: "email", emailAddress: "x", phoneNumber: "5551234567" } as never)))).toHaveProperty([
      "contactMethods.1",
    ]);
  });

  it("defaults the phone contact's country code to +1", () => {
    const report = ReportInput.parse(withChange((b) => (b.contactMethods[0] = { method: "phone", phoneNumber: "5551234567" })));
    expect(report.contactMethods[0]).toEqual({ method: "phone", countryCode: "+1", phoneNumber: "5551234567" });
  });

  it("takes evidence only as an upload id (a sortable id) with an allowed file name for its upload point", () => {
    const contactEmail = (ref: unknown) => withChange((b) => (b.evidence.contactEmail = ref as never));
    expect(errorsOf(contactEmail({ uploadId: sortableId().slice(1), fileName: "a.pdf" }))).toEqual({
      "evidence.contactEmail.uploadId": "Invalid upload reference",
    });
    expect(errorsOf(contactEmail({ uploadId: sortableId().toUpperCase(), fileName: "a.pdf" }))).toEqual({
      "evidence.contactEmail.uploadId": "Invalid upload reference",
    });
    expect(errorsOf(contactEmail({ uploadId: "../../etc/passwd/abcdef", fileName: "a.pdf" }))).toEqual({
      "evidence.contactEmail.uploadId": "Invalid upload reference",
    });
    expect(errorsOf(contactEmail({ uploadId: sortableId(), fileName: "photo.png" }))).toEqual({ "evidence.contactEmail.fileName": CONTACT_EMAIL_TYPES });
    expect(errorsOf(contactEmail({ uploadId: sortableId(), fileName: `${"a".repeat(252)}.pdf` }))).toEqual({
      "evidence.contactEmail.fileName": "The file name must be at most 255 characters",
    });
    expect(errorsOf(contactEmail({ uploadId: sortableId(), fileName: `${"a".repeat(251)}.pdf` }))).toEqual({});
    expect(errorsOf(contactEmail({ uploadId: sortableId(), fileName: "a\u0000.pdf" }))).toEqual({
      "evidence.contactEmail.fileName": "The file name contains characters that are not allowed",
    });
    expect(errorsOf(contactEmail({ uploadId: sortableId(), fileName: "a.pdf", url: "https://x" }))).toHaveProperty(["evidence.contactEmail"]);
    expect(errorsOf(withChange((b) => (b.evidence.details = { uploadId: sortableId(), fileName: "virus.exe" })))).toEqual({
      "evidence.details.fileName": DETAILS_TYPES,
    });
    expect(errorsOf(withChange((b) => (b.evidence.details = { uploadId: sortableId(), fileName: "photo.JPEG" })))).toEqual({});
  });

  it("refuses e-mail evidence without the email contact method, and one file attached twice", () => {
    expect(errorsOf(withChange((b) => b.contactMethods.splice(1, 1)))).toEqual({
      "evidence.contactEmail": "An e-mail evidence file needs the Email contact method",
    });
    const id = sortableId();
    expect(
      errorsOf(withChange((b) => (b.evidence = { contactEmail: { uploadId: id, fileName: "a.pdf" }, details: { uploadId: id, fileName: "a.pdf" } }))),
    ).toEqual({ "evidence.details": "The same file cannot be attached twice" });
  });

  it("refuses fields it does not know and keeps the agency only when reported elsewhere", () => {
    expect(errorsOf(withChange((b) => (b.evidence_file_url = "https://public.example/file.pdf")))).toHaveProperty(["body"]);
    expect(errorsOf(withChange((b) => ((b.reporter as Record<string, unknown>).isAdmin = true)))).toHaveProperty(["reporter"]);
    expect(ReportInput.parse(withChange((b) => (b.reportedElsewhere = false))).reportedTo).toBeUndefined();
    expect(errorsOf(withChange((b) => (b.client = { screenResolution: "<script>" })))).toEqual({ "client.screenResolution": "Invalid screen resolution" });
  });
});

/** A draft that completes every step, with fields of unselected types and methods filled in too. */
function fullDraft(): ReportDraft {
  const draft = emptyDraft();
  Object.assign(draft, {
    fullName: "Maria Garcia",
    email: "maria@example.com",
    city: "Orlando",
    state: "FL",
    ageRange: "46–60",
    speakWithTeam: true,
    scamTypes: ["upfront_fees", "high_pressure"],
    contactMethods: ["phone", "email"],
    moneyLost: true,
    amountLost: "2500",
    dateOccurred: "2025-11-03",
    reportedElsewhere: true,
    reportedTo: "FTC",
    wantUpdates: true,
  });
  draft.scamTypeFields.upfront_fees = { amount: "2500", promisedServices: "Resale listing" };
  draft.scamTypeFields.high_pressure = { tactics: "Four hours, no breaks", limitedTimeOrThreat: true };
  draft.scamTypeFields.other = { description: "not selected, not sent" };
  draft.contactMethodFields.phone = { countryCode: "+44", phoneNumber: "20 7946 0958" };
  draft.contactMethodFields.email = { emailAddress: "sales@resale.example", evidence: { uploadId: sortableId(), fileName: "mail.eml", size: 2048 } };
  draft.contactMethodFields.social_media = { platform: "not selected", profile: "" };
  draft.scammer = { name: "", company: "Resale Pros", phone: "", email: "", website: "resale.example" };
  draft.evidence = { uploadId: sortableId(), fileName: "contract.pdf", size: 500_000 };
  return draft;
}

const draftWith = (change: (d: ReportDraft) => void) => {
  const draft = fullDraft();
  change(draft);
  return draft;
};

describe("the wizard's draft and its step rules", () => {
  it("starts empty with the defaults: +1, every yes/no on no", () => {
    const draft = emptyDraft();
    expect(draft.contactMethodFields.phone.countryCode).toBe("+1");
    expect([draft.speakWithTeam, draft.shareAnonymously, draft.moneyLost, draft.reportedElsewhere, draft.wantUpdates]).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(firstIncompleteStep(draft)).toBe(0);
  });

  it("step 1 needs name, e-mail, city and state, and a well-formed e-mail", () => {
    expect(stepErrors(0, emptyDraft())).toEqual({
      fullName: "Full name is required",
      email: "Email is required",
      city: "City is required",
      state: "State is required",
    });
    expect(
      stepErrors(
        0,
        draftWith((d) => (d.email = "maria@example")),
      ),
    ).toEqual({ email: "Please enter a valid email address." });
    expect(
      stepErrors(
        0,
        draftWith((d) => (d.city = "   ")),
      ),
    ).toEqual({ city: "City is required" });
    expect(
      stepErrors(
        0,
        draftWith((d) => (d.fullName = "Maria 2")),
      ),
    ).toEqual({ fullName: "Full name can only contain letters, spaces, apostrophes, hyphens and dots" });
    expect(
      stepErrors(
        0,
        draftWith((d) => (d.ageRange = "")),
      ),
    ).toEqual({});
  });

  it("step 2 needs a scam type with its text fields, booleans exempt", () => {
    expect(
      stepErrors(
        1,
        draftWith((d) => (d.scamTypes = [])),
      ),
    ).toEqual({ scamTypes: "Please choose at least one scam type" });
    expect(
      stepErrors(
        1,
        draftWith((d) => (d.scamTypeFields.high_pressure.limitedTimeOrThreat = false)),
      ),
    ).toEqual({});
    expect(
      stepErrors(
        1,
        draftWith((d) => (d.scamTypeFields.high_pressure.tactics = "  ")),
      ),
    ).toEqual({ "scamTypes.high_pressure.tactics": "Tactics used is required" });
    expect(
      stepErrors(
        1,
        draftWith((d) => ((d.scamTypes = ["fake_resale", "refund_exit", "other"]), (d.scamTypeFields.other.description = " "))),
      ),
    ).toEqual({
      "scamTypes.fake_resale.claimedSaleAmount": "Claimed sale amount is required",
      "scamTypes.refund_exit.promisedRefund": "Promised refund amount is required",
      "scamTypes.other.description": "Description is required",
    });
  });

  it("step 2 needs a contact method with all its fields, the e-mail's evidence exempt, and a valid phone", () => {
    expect(
      stepErrors(
        1,
        draftWith((d) => (d.contactMethods = [])),
      ),
    ).toEqual({ contactMethods: "Please choose at least one contact method" });
    expect(
      stepErrors(
        1,
        draftWith((d) => delete d.contactMethodFields.email.evidence),
      ),
    ).toEqual({});
    expect(
      stepErrors(
        1,
        draftWith((d) => (d.contactMethods = ["social_media", "in_person"])),
      ),
    ).toEqual({
      "contactMethods.social_media.profile": "Profile name or link is required",
      "contactMethods.in_person.location": "Location is required",
      "contactMethods.in_person.eventType": "Type of event is required",
    });
    expect(
      stepErrors(
        1,
        draftWith((d) => (d.contactMethodFields.phone.phoneNumber = "555 0958")),
      ),
    ).toEqual({
      "contactMethods.phone.phoneNumber": DIGITS_MESSAGE,
    });
    expect(
      stepErrors(
        1,
        draftWith((d) => (d.contactMethodFields.phone.phoneNumber = "")),
      ),
    ).toEqual({
      "contactMethods.phone.phoneNumber": "Phone number is required",
    });
  });

  it("step 2 needs a date that is not in the future (New York) and the amount when money was lost", () => {
    expect(
      stepErrors(
        1,
        draftWith((d) => (d.dateOccurred = "")),
      ),
    ).toEqual({ dateOccurred: "Please select the date it occurred" });
    expect(
      stepErrors(
        1,
        draftWith((d) => (d.dateOccurred = "2026-01-15")),
        NY_LATE_EVENING,
      ),
    ).toEqual({ dateOccurred: FUTURE });
    expect(
      stepErrors(
        1,
        draftWith((d) => (d.dateOccurred = "2026-01-15")),
        NY_MIDNIGHT,
      ),
    ).toEqual({});
    expect(
      stepErrors(
        1,
        draftWith((d) => (d.amountLost = "")),
      ),
    ).toEqual({ amountLost: "Please enter the amount lost" });
    expect(
      stepErrors(
        1,
        draftWith((d) => ((d.amountLost = ""), (d.moneyLost = false))),
      ),
    ).toEqual({});
  });

  const noDetails = (d: ReportDraft) => {
    d.scammer = { name: "", company: "", phone: "", email: "", website: "" };
    delete d.evidence;
  };

  it.each([
    ["a scammer name", (d: ReportDraft) => (d.scammer.name = "John")],
    ["a company name", (d: ReportDraft) => (d.scammer.company = "Resale Pros")],
    ["a valid phone", (d: ReportDraft) => (d.scammer.phone = "+1 (555) 123-4567")],
    ["an e-mail", (d: ReportDraft) => (d.scammer.email = "john@resale.example")],
    ["a valid website", (d: ReportDraft) => (d.scammer.website = "resale.example")],
    ["an evidence file", (d: ReportDraft) => (d.evidence = { uploadId: sortableId(), fileName: "photo.png", size: 1 })],
  ])("step 3 is complete with only %s", (_, give) => {
    expect(
      stepErrors(
        2,
        draftWith((d) => (noDetails(d), give(d))),
      ),
    ).toEqual({});
  });

  it("step 3 asks for a detail, and refuses an invalid phone or website even next to other details", () => {
    expect(stepErrors(2, draftWith(noDetails))).toEqual({ scammer: DETAILS_NEEDED });
    expect(
      stepErrors(
        2,
        draftWith((d) => (noDetails(d), (d.scammer.phone = "555 1234"))),
      ),
    ).toEqual({ "scammer.phone": DIGITS_MESSAGE, scammer: DETAILS_NEEDED });
    expect(
      stepErrors(
        2,
        draftWith((d) => (d.scammer.phone = "call 555 123 4567")),
      ),
    ).toEqual({ "scammer.phone": PHONE_MESSAGE });
    expect(
      stepErrors(
        2,
        draftWith((d) => (d.scammer.website = "not a website")),
      ),
    ).toEqual({ "scammer.website": WEBSITE });
    expect(
      stepErrors(
        2,
        draftWith((d) => (noDetails(d), (d.scammer.website = "localhost"))),
      ),
    ).toEqual({ "scammer.website": WEBSITE, scammer: DETAILS_NEEDED });
    expect(
      stepErrors(
        2,
        draftWith((d) => (d.evidence = { uploadId: sortableId(), fileName: "run.exe", size: 1 })),
      ),
    ).toEqual({ evidence: DETAILS_TYPES });
  });

  it("step 4 has no blocking rule beyond the agency name's length", () => {
    expect(stepErrors(3, emptyDraft())).toEqual({});
    expect(
      stepErrors(
        3,
        draftWith((d) => (d.reportedTo = "")),
      ),
    ).toEqual({});
    expect(
      stepErrors(
        3,
        draftWith((d) => (d.reportedTo = "x".repeat(201))),
      ),
    ).toEqual({ reportedTo: "Agency or organization must be at most 200 characters" });
  });

  it("names the first step that is not complete", () => {
    expect(firstIncompleteStep(fullDraft())).toBeUndefined();
    expect(firstIncompleteStep(draftWith((d) => (d.dateOccurred = "")))).toBe(1);
    expect(firstIncompleteStep(draftWith(noDetails))).toBe(2);
  });

  it("survives sessionStorage: saved and restored as JSON, unreadable parts falling back to defaults", () => {
    const draft = fullDraft();
    expect(restoreDraft(JSON.stringify(draft))).toEqual(draft);
    expect(restoreDraft(null)).toEqual(emptyDraft());
    expect(restoreDraft("{not json")).toEqual(emptyDraft());
    expect(restoreDraft("[1,2]")).toEqual(emptyDraft());
    const damaged = restoreDraft(
      JSON.stringify({ ...draft, fullName: 42, ageRange: "99+", scamTypes: ["other", "other"], contactMethodFields: "x", evidence: { uploadId: 1 } }),
    );
    expect(damaged.fullName).toBe("");
    expect(damaged.ageRange).toBe("");
    expect(damaged.scamTypes).toEqual(["other"]);
    expect(damaged.contactMethodFields).toEqual(emptyDraft().contactMethodFields);
    expect(damaged.evidence).toBeUndefined();
    expect(damaged.city).toBe("Orlando");
  });

  it("becomes the request body in one function, which the API accepts as the wizard meant it", () => {
    const draft = fullDraft();
    const sent = JSON.parse(JSON.stringify(draftToInput(draft, { captchaToken: "t", client: { timezone: "America/New_York" } })));
    expect(sent.scamTypes).toEqual([
      { type: "upfront_fees", amount: 2500, promisedServices: "Resale listing" },
      { type: "high_pressure", tactics: "Four hours, no breaks", limitedTimeOrThreat: true },
    ]);
    expect(sent.contactMethods).toEqual([
      { method: "phone", countryCode: "+44", phoneNumber: "20 7946 0958" },
      { method: "email", emailAddress: "sales@resale.example" },
    ]);
    expect(sent.evidence).toEqual({
      contactEmail: { uploadId: draft.contactMethodFields.email.evidence!.uploadId, fileName: "mail.eml" },
      details: { uploadId: draft.evidence!.uploadId, fileName: "contract.pdf" },
    });
    const report = ReportInput.parse(sent);
    expect(report).toMatchObject({
      reporter: { fullName: "Maria Garcia", email: "maria@example.com", ageRange: "46–60", speakWithTeam: true, shareAnonymously: false },
      moneyLost: true,
      amountLost: 2500,
      dateOccurred: "2025-11-03",
      scammer: { company: "Resale Pros", website: "https://resale.example/" },
      reportedTo: "FTC",
      wantUpdates: true,
      captchaToken: "t",
      client: { timezone: "America/New_York" },
    });
    expect(report.scammer).toEqual({ company: "Resale Pros", website: "https://resale.example/" });
  });

  it("sends only what the selections keep: no e-mail file without the email method, no amount or agency after 'no'", () => {
    const sent = draftToInput(draftWith((d) => ((d.contactMethods = ["phone"]), (d.moneyLost = false), (d.reportedElsewhere = false))));
    expect(sent.evidence?.contactEmail).toBeUndefined();
    expect(sent.amountLost).toBeUndefined();
    expect(sent.reportedTo).toBeUndefined();
    expect(ReportInput.safeParse(sent).success).toBe(true);
  });

  it("a draft whose every step is complete is never refused by the API, and an empty one is", () => {
    expect(ReportInput.safeParse(draftToInput(fullDraft())).success).toBe(true);
    expect(ReportInput.safeParse(draftToInput(emptyDraft())).success).toBe(false);
  });
});

describe("browser safety", () => {
  /** Every module a file reaches through relative imports, and the packages they import. */
  function packagesReachedFrom(entry: URL): Set<string> {
    const packages = new Set<string>();
    const seen = new Set<string>();
    const visit = (file: URL) => {
      if (seen.has(file.href)) return;
      seen.add(file.href);
      const source = readFileSync(file, "utf8");
      for (const match of source.matchAll(/\bfrom\s+["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']|^import\s+["']([^"']+)["']/gm)) {
        const specifier = match[1] ?? match[2] ?? match[3]!;
        if (specifier.startsWith(".")) visit(new URL(`${specifier}.ts`, file));
        else packages.add(specifier);
      }
    };
    visit(entry);
    return packages;
  }

  it.each(["input", "draft", "reference", "catalogue", "fields", "amount", "phone", "website", "date"])(
    "report/%s.ts reaches no package but zod (no AWS SDK, no node: modules)",
    (name) => {
      const packages = packagesReachedFrom(new URL(`../src/report/${name}.ts`, import.meta.url));
      expect([...packages].filter((p) => p !== "zod")).toEqual([]);
    },
  );

  it("the message table holds the spec's sentences", () => {
    expect(MESSAGES.nameCityState).toBe("Name, city, and state are required fields.");
    expect(MESSAGES.nameEmail).toBe("Name and email are required fields");
    expect(MESSAGES.email).toBe("Please enter a valid email address.");
  });
});
