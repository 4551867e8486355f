import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PersonName, PERSON_NAME_MAX } from "../src/util/person-name";
import { SignInput } from "../src/signature";
import { fieldErrors } from "../src/util/zod";

const FIRST = PersonName("First name");
const CHARACTERS = "First name can only contain letters, spaces, apostrophes, hyphens and dots";
const messageFor = (name: unknown) => {
  const result = FIRST.safeParse(name);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe("PersonName", () => {
  it.each([
    ["a link", "URGENT: claim your refund at https://evil.example/refund"],
    ["a colon", "Dear:"],
    ["a slash", "evil.example/x"],
    ["digits", "Ann2"],
    ["an @", "me@example.com"],
    ["angle brackets", "Rosa<b>"],
    ["a newline inside", "Ann\nVisit evil.example"],
    ["a tab inside", "Ann\tLee"],
    ["a NUL", "Ann\u0000"],
    ["a right-to-left override", "Ann\u202Eeil"],
    ["a bidi isolate", "\u2066Ann\u2069"],
    ["a left-to-right mark", "Ann\u200E"],
    ["a zero-width joiner", "An\u200Dn"],
    ["an emoji", "Ann 🎉"],
  ])("refuses %s", (_, name) => {
    expect(messageFor(name)).toBe(CHARACTERS);
  });

  it.each(["Claim refund at refund-desk.com", "refund-desk.Com", "Ann evil.example", "Zoë at zoë.café"])("refuses a web address: %s", (name) => {
    expect(messageFor(name)).toBe("First name cannot contain a web address");
  });

  it("refuses more than 50 characters, counting letters not UTF-16 units", () => {
    expect(messageFor("A".repeat(PERSON_NAME_MAX + 1))).toBe("First name must be at most 50 characters");
    expect(messageFor("A".repeat(PERSON_NAME_MAX))).toBeUndefined();
    // 50 letters outside the Basic Multilingual Plane are 100 UTF-16 units, and still 50 characters
    expect(messageFor("𠀀".repeat(PERSON_NAME_MAX))).toBeUndefined();
    // a decomposed "ễ" is three code points; NFC makes it one before counting
    expect(messageFor("e\u0302\u0303".repeat(PERSON_NAME_MAX))).toBeUndefined();
  });

  it("keeps the required messages", () => {
    expect(messageFor("")).toBe("First name is required");
    expect(messageFor("   ")).toBe("First name is required");
    expect(messageFor(undefined)).toBe("First name is required");
  });

  it.each([
    "José",
    "Zoë",
    "O'Brien",
    "O’Brien",
    "Jean-Luc",
    "Nguyễn",
    "李",
    "Мария",
    "J. R. R.",
    "J.R.",
    "J.R.R. Tolkien",
    "Ngũgĩ wa Thiong'o",
    "محمد",
    "राम",
    "Åsa-Maj",
  ])("accepts %s", (name) => {
    expect(FIRST.safeParse(name)).toMatchObject({ success: true });
  });

  it("trims and stores the composed form", () => {
    expect(FIRST.parse("  Nguye\u0302\u0303n ")).toBe("Nguyễn");
  });

  it("depends on zod alone, so the browser can import it without the AWS SDK", () => {
    const source = readFileSync(new URL("../src/util/person-name.ts", import.meta.url), "utf8");
    const imports = [...source.matchAll(/\bfrom\s+["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']/g)].map((m) => m[1] ?? m[2]);
    expect(imports).toEqual(["zod"]);
  });
});

describe("the sign form's names", () => {
  const valid = { firstName: "Ann", lastName: "Lee", email: "ann@example.com" };
  const errorsOf = (input: object) => {
    const result = SignInput.safeParse(input);
    return result.success ? {} : fieldErrors(result.error);
  };

  it("use PersonName for first and last name", () => {
    expect(errorsOf({ ...valid, firstName: "Visit https://evil.example" })).toEqual({ firstName: CHARACTERS });
    expect(errorsOf({ ...valid, lastName: "L".repeat(51) })).toEqual({ lastName: "Last name must be at most 50 characters" });
    expect(errorsOf({ ...valid, lastName: "Lee\u202E" })).toEqual({ lastName: "Last name can only contain letters, spaces, apostrophes, hyphens and dots" });
    expect(SignInput.parse({ ...valid, firstName: "Мария", lastName: "Nguyễn" })).toMatchObject({ firstName: "Мария", lastName: "Nguyễn" });
  });
});
