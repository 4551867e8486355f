import { createHash } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetSettings } from "../src/config";
import { auditedPerson, auditedPersonOfHash, personHash } from "../src/db/person-index";

/** The audit trail names a person by a keyed hash of their address (docs/architecture.md "Security model"). */
const KEY = "unit-test-audit-hash-key-0123456789abcdef";
const OTHER_KEY = "another-stage-audit-hash-key-9876543210fedcba";
const ADDRESS = "Ana.Owner+news@Example.org";
const sha256 = (text: string, encoding: "hex" | "base64url" | "base64") => createHash("sha256").update(text).digest(encoding);

const withKey = (key: string) => {
  vi.stubEnv("AUDIT_HASH_KEY", key);
  resetSettings();
};

beforeEach(() => withKey(KEY));
afterEach(() => {
  vi.unstubAllEnvs();
  resetSettings();
});

describe("auditedPerson", () => {
  it("is not a plain SHA-256 of the address (as given, normalised, or of the person index's hash)", () => {
    const name = auditedPerson(ADDRESS);
    expect(name).toMatch(/^person [A-Za-z0-9_-]{43}$/);
    for (const text of [ADDRESS, ADDRESS.toLowerCase(), personHash(ADDRESS)])
      for (const encoding of ["hex", "base64url", "base64"] as const) expect(name).not.toContain(sha256(text, encoding));
    expect(name).not.toContain(personHash(ADDRESS));
  });

  it("differs between two keys, and is the same for one key and any spelling of the address", () => {
    const first = auditedPerson(ADDRESS);
    expect(auditedPerson(" ana.owner+news@EXAMPLE.ORG ")).toBe(first);
    expect(auditedPerson("someone.else@example.org")).not.toBe(first);
    withKey(OTHER_KEY);
    expect(auditedPerson(ADDRESS)).not.toBe(first);
    withKey(KEY);
    expect(auditedPerson(ADDRESS)).toBe(first);
  });

  it("names the person the same from the suppression list's hash as from the address", () => {
    expect(auditedPersonOfHash(personHash(ADDRESS))).toBe(auditedPerson(ADDRESS));
  });

  it("refuses to name anyone without a key", () => {
    withKey("");
    expect(() => auditedPerson(ADDRESS)).toThrow(/AUDIT_HASH_KEY is not set/);
  });
});
