import { describe, expect, it } from "vitest";
import { EmailAddress, isEmailAddress } from "../src/util/email";

describe("the one e-mail grammar", () => {
  it.each([
    "ann@example.com",
    "Ann.Lee@Example.CO.UK",
    "name.surname+tag@gmail.com",
    "o'brien@example.ie",
    "a!#$%&'*+/=?^_`{|}~-z@example.org",
    "x@sub-domain.example.travel",
    "ann@123.example.com",
    "ann@example.xn--p1ai",
  ])("accepts %j", (address) => {
    expect(isEmailAddress(address)).toBe(true);
  });

  it.each([
    ["a display name", "Ann Lee <ann@example.com>"],
    ["angle brackets alone", "<ann@example.com>"],
    ["a quoted local part", '"ann lee"@example.com'],
    ["a quoted local part without spaces", '"ann"@example.com'],
    ["a comment", "ann(work)@example.com"],
    ["a comment after the domain", "ann@example.com (work)"],
    ["whitespace inside", "ann lee@example.com"],
    ["a tab", "ann\t@example.com"],
    ["a line break", "ann@example.com\nBcc: x@example.com"],
    ["two at signs", "ann@@example.com"],
    ["an at sign in the local part", "a@nn@example.com"],
    ["no local part", "@example.com"],
    ["no domain", "ann@"],
    ["a one-label domain", "ann@example"],
    ["an address literal", "ann@[192.0.2.1]"],
    ["a leading dot", ".ann@example.com"],
    ["a trailing dot in the local part", "ann.@example.com"],
    ["two dots in a row", "ann..lee@example.com"],
    ["an empty domain label", "ann@example..com"],
    ["a trailing dot", "ann@example.com."],
    ["a hyphen at a label's start", "ann@-example.com"],
    ["a hyphen at a label's end", "ann@example-.com"],
    ["a numeric top label", "ann@example.123"],
    ["a one-letter top label", "ann@example.c"],
    ["non-ASCII", "änn@example.com"],
    ["a 65-character local part", `${"a".repeat(65)}@example.com`],
    ["a 64-character domain label", `ann@${"a".repeat(64)}.com`],
    ["more than 254 characters", `${"a".repeat(60)}@${"b".repeat(60)}.${"c".repeat(60)}.${"d".repeat(60)}.${"e".repeat(10)}.com`],
  ])("refuses %s", (_, address) => {
    expect(isEmailAddress(address)).toBe(false);
  });

  it("visits each character at most once: linear in the input, whatever it holds", () => {
    const shapes = [
      (n: number) => "a".repeat(n),
      (n: number) => `a@${"a.".repeat(n / 2)}`,
      (n: number) => `${"a.".repeat(n / 2)}@example.com`,
      (n: number) => `${"a".repeat(20)}@${"a-".repeat(n / 2)}.com`,
    ];
    for (const shape of shapes) {
      for (const n of [64, 200, 16 * 1024]) {
        const input = shape(n);
        const meter = { steps: 0 };
        isEmailAddress(input, meter);
        expect(meter.steps, `${input.slice(0, 20)}… (${input.length})`).toBeLessThanOrEqual(input.length + 1);
      }
    }
    // a 16 KB input is refused, by its length, without a scan
    const meter = { steps: 0 };
    expect(isEmailAddress(`${"a".repeat(16 * 1024)}@example.com`, meter)).toBe(false);
    expect(meter.steps).toBe(0);
  });

  it("is the schema of the forms, with each form's messages", () => {
    const schema = EmailAddress({ required: "Email is required", invalid: "Please enter a valid email address.", tooLong: "Email is too long" });
    expect(schema.parse("  Ann@Example.com ")).toBe("Ann@Example.com");
    const message = (v: unknown) => (schema.safeParse(v).error?.issues ?? []).map((i) => i.message);
    expect(message("")).toEqual(["Email is required"]);
    expect(message("Ann <ann@example.com>")).toEqual(["Please enter a valid email address."]);
    expect(message(`${"a".repeat(300)}@example.com`)).toEqual(["Email is too long"]);
  });
});
