import { describe, expect, it } from "vitest";
import { SignInput } from "@site/core/signature";
import { fieldErrors } from "@site/core/util/zod";
import { validateSignature } from "../src/lib/signatureForm";

const valid = { firstName: "Ann", lastName: "Lee", email: "ann@example.com", timeshareName: "", newsletterConsent: false };

/** What the API answers for the same values (field → message). */
const serverErrors = (values: typeof valid) => {
  const result = SignInput.safeParse(values);
  return result.success ? {} : fieldErrors(result.error);
};

describe("the sign form checks names by the API's rule", () => {
  it.each([
    ["URGENT: claim your refund at https://evil.example", "Lee"],
    ["Ann", "Lee2"],
    ["Ann\u202E", "Lee"],
    ["Ann\u0007", "Lee"],
    ["A".repeat(51), "Lee"],
    ["Ann", "L".repeat(51)],
    ["", "Lee"],
  ])("%j %j: same message as the API", (firstName, lastName) => {
    const values = { ...valid, firstName, lastName };
    const client = validateSignature(values);
    expect(Object.keys(client).length).toBeGreaterThan(0);
    expect(client).toEqual(serverErrors(values));
  });

  it("shows the specific messages", () => {
    expect(validateSignature({ ...valid, firstName: "Visit evil.example/refund" }).firstName).toBe(
      "First name can only contain letters, spaces, apostrophes, hyphens and dots",
    );
    expect(validateSignature({ ...valid, lastName: "L".repeat(51) }).lastName).toBe("Last name must be at most 50 characters");
  });

  it.each(["José", "Zoë", "O'Brien", "Jean-Luc", "Nguyễn", "李", "Мария"])("accepts %s", (name) => {
    expect(validateSignature({ ...valid, firstName: name, lastName: name })).toEqual({});
  });
});
