import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetSettings } from "../src/config";
import {
  TOKEN_LENGTH,
  WITHDRAW_LINK_VALID_DAYS,
  WithdrawToken,
  checkWithdrawToken,
  verifyWithdrawToken,
  withdrawToken,
  withdrawUrl,
} from "../src/signature/withdraw-link";

const SECRET = "unit-test-link-signing-secret-0123456789";

beforeAll(() => {
  vi.stubEnv("LINK_SIGNING_SECRET", SECRET);
  vi.stubEnv("SITE_URL", "https://owners.example.org/");
  resetSettings();
});
afterAll(() => {
  vi.unstubAllEnvs();
  resetSettings();
});

describe("the withdraw link", () => {
  it("is the site's withdraw page for the signature, with a token of its own", () => {
    const url = new URL(withdrawUrl("fair-rights", "0abc123"));
    expect(url.origin + url.pathname).toBe("https://owners.example.org/petitions/fair-rights/withdraw");
    expect(url.searchParams.get("s")).toBe("0abc123");
    expect(url.searchParams.get("t")).toBe(withdrawToken("fair-rights", "0abc123"));
    expect(withdrawToken("fair-rights", "0abc123").split(".")[1]).toHaveLength(TOKEN_LENGTH);
    expect(WithdrawToken.safeParse(withdrawToken("fair-rights", "0abc123")).success).toBe(true);
  });

  it("verifies the token of exactly that signature of that petition", () => {
    const token = withdrawToken("fair-rights", "0abc123");
    expect(verifyWithdrawToken("fair-rights", "0abc123", token)).toBe(true);
    expect(verifyWithdrawToken("fair-rights", "0abc124", token)).toBe(false);
    expect(verifyWithdrawToken("other-petition", "0abc123", token)).toBe(false);
    // a petition id and a signature id cannot be shifted across the separator
    expect(withdrawToken("a:b", "c")).not.toBe(withdrawToken("a", "b:c"));
    expect(verifyWithdrawToken("fair-rights", "0abc123", `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`)).toBe(false);
    expect(verifyWithdrawToken("fair-rights", "0abc123", token.slice(0, -1))).toBe(false);
    expect(verifyWithdrawToken("fair-rights", "0abc123", token.split(".")[1])).toBe(false);
    expect(verifyWithdrawToken("fair-rights", "0abc123", "")).toBe(false);
  });

  it("depends on the secret: another stage's links do not work here", () => {
    const token = withdrawToken("fair-rights", "0abc123");
    vi.stubEnv("LINK_SIGNING_SECRET", "another-stage-link-signing-secret-98765");
    resetSettings();
    try {
      expect(verifyWithdrawToken("fair-rights", "0abc123", token)).toBe(false);
    } finally {
      vi.stubEnv("LINK_SIGNING_SECRET", SECRET);
      resetSettings();
    }
  });

  it("refuses to make or check links without a secret", () => {
    vi.stubEnv("LINK_SIGNING_SECRET", "");
    resetSettings();
    try {
      expect(() => withdrawToken("fair-rights", "0abc123")).toThrow(/LINK_SIGNING_SECRET is not set/);
    } finally {
      vi.stubEnv("LINK_SIGNING_SECRET", SECRET);
      resetSettings();
    }
  });

  it(`works until its last day, ${WITHDRAW_LINK_VALID_DAYS} days after it was made, and no day can be moved (review L3)`, () => {
    const made = Date.parse("2026-01-10T12:00:00Z");
    const token = withdrawToken("fair-rights", "0abc123", made);
    const day = 86_400_000;
    expect(checkWithdrawToken("fair-rights", "0abc123", token, made)).toBe("valid");
    expect(checkWithdrawToken("fair-rights", "0abc123", token, made + WITHDRAW_LINK_VALID_DAYS * day)).toBe("valid");
    expect(checkWithdrawToken("fair-rights", "0abc123", token, made + (WITHDRAW_LINK_VALID_DAYS + 1) * day)).toBe("expired");
    const [lastDay, mac] = token.split(".");
    expect(checkWithdrawToken("fair-rights", "0abc123", `${Number(lastDay) + 30}.${mac}`, made)).toBe("invalid");
    expect(checkWithdrawToken("fair-rights", "0abc124", token, made + 200 * day)).toBe("invalid");
  });

  it("refuses a token of the wrong shape with a clear message", () => {
    expect(WithdrawToken.safeParse("short").error?.issues[0]?.message).toBe("This withdrawal link is not valid");
    expect(WithdrawToken.safeParse("!".repeat(TOKEN_LENGTH)).error?.issues[0]?.message).toBe("This withdrawal link is not valid");
    expect(WithdrawToken.safeParse("A".repeat(TOKEN_LENGTH)).error?.issues[0]?.message).toBe("This withdrawal link is not valid");
    expect(WithdrawToken.safeParse(undefined).error?.issues[0]?.message).toBe("The link's token is missing");
  });
});
