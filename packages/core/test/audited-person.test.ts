import { createHash, createHmac } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetSettings } from "../src/config";
import { auditedPerson, auditedPersonOfHash, auditedPersonOfKept, keptPersonHash, keptPersonOfHash, personHash } from "../src/db/person-index";

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

  it("names the person the same from the suppression list's and deletion requests' kept hash as from the address", () => {
    expect(auditedPersonOfKept(keptPersonHash(ADDRESS))).toBe(auditedPerson(ADDRESS));
    expect(auditedPersonOfHash(personHash(ADDRESS))).toBe(auditedPerson(ADDRESS));
  });

  it("refuses to name anyone without a key", () => {
    withKey("");
    expect(() => auditedPerson(ADDRESS)).toThrow(/AUDIT_HASH_KEY is not set/);
  });
});

/** The hash kept past a person's records (suppression list, deletion requests): the audit's HMAC (security review N9). */
describe("keptPersonHash", () => {
  it("is the HMAC-SHA256 of the person index's hash under AUDIT_HASH_KEY, never a plain SHA-256 of the address", () => {
    const kept = keptPersonHash(ADDRESS);
    expect(kept).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(kept).toBe(createHmac("sha256", KEY).update(personHash(ADDRESS)).digest("base64url"));
    expect(kept).toBe(keptPersonOfHash(personHash(ADDRESS)));
    for (const text of [ADDRESS, ADDRESS.toLowerCase()])
      for (const encoding of ["hex", "base64url", "base64"] as const) expect(kept).not.toBe(sha256(text, encoding));
    expect(kept).not.toBe(personHash(ADDRESS));
  });

  it("is the same for any spelling of the address and differs between keys", () => {
    const first = keptPersonHash(ADDRESS);
    expect(keptPersonHash(" ana.owner+news@EXAMPLE.ORG ")).toBe(first);
    withKey(OTHER_KEY);
    expect(keptPersonHash(ADDRESS)).not.toBe(first);
  });

  it("throws clearly without a key", () => {
    withKey("");
    expect(() => keptPersonHash(ADDRESS)).toThrow(/AUDIT_HASH_KEY is not set/);
    expect(() => keptPersonOfHash(personHash(ADDRESS))).toThrow(/AUDIT_HASH_KEY is not set/);
  });
});
