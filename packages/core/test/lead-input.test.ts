import { describe, expect, it } from "vitest";
import { LEAD_MESSAGES } from "../src/lead/forms";
import { LEAD_EMAIL_MAX, LEAD_NAME_MAX, LeadInput } from "../src/lead/input";
import { fieldErrors } from "../src/util/zod";

const MISSING = "Please fill in all required fields.";
const BAD_EMAIL = "Please enter a valid email address.";

const valid = { fullName: "Ana Lima", email: "ana@example.com" };

/** The field messages of a refused body, as the API answers them (`fields`). */
function refused(body: unknown): Record<string, string> {
  const result = LeadInput.safeParse(body);
  expect(result.success, JSON.stringify(body)).toBe(false);
  return fieldErrors(result.error!);
}

describe("LeadInput", () => {
  it("uses the spec's words for the two messages", () => {
    expect(LEAD_MESSAGES.missingField).toBe(MISSING);
    expect(LEAD_MESSAGES.badEmail).toBe(BAD_EMAIL);
  });

  it("takes a name and an e-mail, trimmed, consent off unless given, and the browser's details", () => {
    expect(LeadInput.parse({ fullName: "  Ana  Lima ", email: " Ana@Example.com " })).toEqual({
      fullName: "Ana  Lima",
      email: "Ana@Example.com",
      newsletterConsent: false,
    });
    const full = LeadInput.parse({
      ...valid,
      newsletterConsent: true,
      captchaToken: "token",
      client: { screenResolution: "1920x1080", timezone: "America/New_York", language: "en-US" },
    });
    expect(full).toEqual({
      ...valid,
      newsletterConsent: true,
      captchaToken: "token",
      client: { screenResolution: "1920x1080", timezone: "America/New_York", language: "en-US" },
    });
  });

  it("accepts names in any script with apostrophes, hyphens and dots", () => {
    for (const fullName of ["Dana O'Reilly", "José Álvarez-Núñez", "Zoë St. Claire", "田中 太郎", "Ngũgĩ wa Thiong’o"]) {
      expect(LeadInput.parse({ ...valid, fullName }).fullName).toBe(fullName);
    }
  });

  it("drops fields it does not know, so nothing else can be set", () => {
    expect(LeadInput.parse({ ...valid, id: "x", form: "checklist", meta: { ipAddress: "1.2.3.4" }, createdAt: "then" })).toEqual({
      ...valid,
      newsletterConsent: false,
    });
  });

  it.each([
    ["no name", { email: valid.email }],
    ["a blank name", { ...valid, fullName: "   " }],
    ["an empty name", { ...valid, fullName: "" }],
    ["a name that is not text", { ...valid, fullName: 42 }],
  ])("answers %s with 'Please fill in all required fields.' under fullName", (_, body) => {
    expect(refused(body)).toEqual({ fullName: MISSING });
  });

  it.each([
    ["no e-mail", { fullName: valid.fullName }],
    ["a blank e-mail", { ...valid, email: " \t " }],
    ["an e-mail that is not text", { ...valid, email: null }],
  ])("answers %s with 'Please fill in all required fields.' under email", (_, body) => {
    expect(refused(body)).toEqual({ email: MISSING });
  });

  it("names both fields when both are missing, and refuses a body that is not an object", () => {
    expect(refused({})).toEqual({ fullName: MISSING, email: MISSING });
    expect(refused({ fullName: "", email: "" })).toEqual({ fullName: MISSING, email: MISSING });
    for (const body of [null, [], "Ana", 3]) expect(Object.values(refused(body))).toEqual([MISSING]);
  });

  it.each([
    "ana",
    "ana@example",
    "ana@@example.com",
    "ana lima@example.com",
    "@example.com",
    "ana@.com",
    "ana@example.",
    "ana@exa mple.com",
    "ana@example.com\u0000",
    "<ana@example.com>",
  ])("answers the malformed e-mail %j with 'Please enter a valid email address.'", (email) => {
    expect(refused({ ...valid, email })).toEqual({ email: BAD_EMAIL });
  });

  it("refuses names that could carry a link or a message into the e-mail, and overlong fields", () => {
    for (const fullName of ["Visit https://scam.example", "Ana\u202eLima", "Ana: call 555-0100", "Ana\nLima"]) {
      expect(refused({ ...valid, fullName }).fullName).toBe("Full name can only contain letters, spaces, apostrophes, hyphens and dots");
    }
    expect(refused({ ...valid, fullName: "A".repeat(LEAD_NAME_MAX + 1) }).fullName).toBe(`Full name must be at most ${LEAD_NAME_MAX} characters`);
    expect(LeadInput.parse({ ...valid, fullName: "A".repeat(LEAD_NAME_MAX) }).fullName).toHaveLength(LEAD_NAME_MAX);
    const long = `${"a".repeat(LEAD_EMAIL_MAX)}@example.com`;
    expect(refused({ ...valid, email: long }).email).toBe(`Email must be at most ${LEAD_EMAIL_MAX} characters`);
  });

  it("takes consent only as a boolean, and the captcha token and client details within their limits", () => {
    for (const newsletterConsent of ["yes", 1, null]) expect(refused({ ...valid, newsletterConsent })).toHaveProperty("newsletterConsent");
    expect(refused({ ...valid, captchaToken: "x".repeat(4097) })).toHaveProperty("captchaToken");
    expect(refused({ ...valid, captchaToken: 5 })).toEqual({ captchaToken: LEAD_MESSAGES.captchaFailed });
    expect(refused({ ...valid, client: { screenResolution: "<script>" } })).toHaveProperty(["client.screenResolution"]);
  });
});
