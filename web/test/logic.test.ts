import { describe, expect, it } from "vitest";
import { isAdminPayload } from "../src/admin/groups";
import { canHydrate, normalizePath } from "../src/lib/paths";
import { validateSignature } from "../src/lib/signatureForm";
import { DEFAULT_PETITION_ID, DISPLAY_FALLBACK_GOAL, LANDING_GOAL, LANDING_INITIAL_COUNT } from "../src/site";

describe("hydration guard", () => {
  it("hydrates prerendered HTML only on its own route", () => {
    expect(normalizePath("/petition/")).toBe("/petition");
    expect(normalizePath("")).toBe("/");
    expect(canHydrate("/petition", "/petition/")).toBe(true);
    expect(canHydrate("/", "/")).toBe(true);
    expect(canHydrate("/", "/sign/x")).toBe(false);
    expect(canHydrate(undefined, "/")).toBe(false);
  });
});

describe("admin group check", () => {
  it("needs 'admin' in cognito:groups", () => {
    expect(isAdminPayload({ "cognito:groups": ["admin"] })).toBe(true);
    expect(isAdminPayload({ "cognito:groups": ["editors", "admin"] })).toBe(true);
    expect(isAdminPayload({ "cognito:groups": ["editors"] })).toBe(false);
    expect(isAdminPayload({ "cognito:groups": "admin" })).toBe(false);
    expect(isAdminPayload({})).toBe(false);
    expect(isAdminPayload(undefined)).toBe(false);
  });
});

describe("sign form validation", () => {
  const valid = { firstName: "Ann", lastName: "Lee", email: "ann@example.com", timeshareName: "", newsletterConsent: false };

  it("accepts first name, last name and e-mail; timeshare name is optional", () => {
    expect(validateSignature(valid)).toEqual({});
  });

  it("requires first name, last name and a plausible e-mail", () => {
    expect(validateSignature({ ...valid, firstName: " ", lastName: "", email: "" })).toEqual({
      firstName: "First name is required",
      lastName: "Last name is required",
      email: "Email is required",
    });
    expect(validateSignature({ ...valid, email: "ann@example" }).email).toBe("Please enter a valid email address");
    expect(validateSignature({ ...valid, email: "a n@example.com" }).email).toBeDefined();
  });
});

describe("business constants", () => {
  it("match the spec", () => {
    expect(LANDING_INITIAL_COUNT).toBe(3427);
    expect(LANDING_GOAL).toBe(10000);
    expect(DISPLAY_FALLBACK_GOAL).toBe(2000);
    expect(DEFAULT_PETITION_ID).toBe("timeshare-reform");
  });
});
