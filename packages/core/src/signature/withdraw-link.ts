import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { settings } from "../config";

/**
 * The link an e-mail about a signature carries to withdraw it (not the thank-you e-mail that asks to be
 * shared: that one links to the withdraw page without a token, which e-mails a fresh link to the
 * signer's own address, security review L3). The token is `<day>.<HMAC-SHA256>`: the HMAC of
 * `withdraw:<petitionId>:<signatureId>:<day>` under the stage's LINK_SIGNING_SECRET, where `<day>`
 * is the last day (days since 1970, UTC) it works, WITHDRAW_LINK_VALID_DAYS after it was made.
 * Nobody without the secret can make one or move its day, and no item is written per e-mail (the
 * link is derived again to check it).
 */

/** base64url of 32 bytes: an HMAC as a link carries it. */
export const TOKEN_LENGTH = 43;
/** Days a withdraw link works after the e-mail that carries it was made. */
export const WITHDRAW_LINK_VALID_DAYS = 90;
export const WithdrawToken = z
  .string({ error: "The link's token is missing" })
  .max(60, "This withdrawal link is not valid")
  .regex(/^\d{1,7}\.[A-Za-z0-9_-]{43}$/, "This withdrawal link is not valid");

function secret(): string {
  const value = settings().LINK_SIGNING_SECRET;
  if (!value) throw new Error("LINK_SIGNING_SECRET is not set: e-mailed links cannot be signed or checked");
  return value;
}

/**
 * The HMAC of `<purpose>:<petitionId>:<signatureId>`: what each link about one signature carries
 * (`withdraw`, and `updates` for leaving a petition's updates, updates-link.ts). Ids are
 * percent-encoded into the message (theirs hold no ":" or "%"), so no two pairs share one, and the
 * purpose keeps one link's token from opening another's door.
 */
export function signatureLinkToken(purpose: "withdraw" | "updates", petitionId: string, signatureId: string): string {
  const message = `${purpose}:${encodeURIComponent(petitionId)}:${encodeURIComponent(signatureId)}`;
  return createHmac("sha256", secret()).update(message).digest("base64url");
}

/** Whether `token` is the link token of this purpose and signature, compared in constant time. */
export function verifySignatureLinkToken(purpose: "withdraw" | "updates", petitionId: string, signatureId: string, token: string): boolean {
  const expected = Buffer.from(signatureLinkToken(purpose, petitionId, signatureId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const today = (now: number) => Math.floor(now / 86_400_000);

/** A withdraw token working until WITHDRAW_LINK_VALID_DAYS from `now`. */
export function withdrawToken(petitionId: string, signatureId: string, now = Date.now()): string {
  const lastDay = today(now) + WITHDRAW_LINK_VALID_DAYS;
  return `${lastDay}.${signatureLinkToken("withdraw", petitionId, `${signatureId}:${lastDay}`)}`;
}

/** The site's withdraw page for this signature, with a token working WITHDRAW_LINK_VALID_DAYS. */
export function withdrawUrl(petitionId: string, signatureId: string, now = Date.now()): string {
  const query = new URLSearchParams({ s: signatureId, t: withdrawToken(petitionId, signatureId, now) });
  return `${withdrawPageUrl(petitionId)}?${query.toString()}`;
}

/** The withdraw page without a token (`?s=` only): where the signer asks for a link by e-mail. */
export function withdrawRequestUrl(petitionId: string, signatureId: string): string {
  return `${withdrawPageUrl(petitionId)}?${new URLSearchParams({ s: signatureId }).toString()}`;
}

const withdrawPageUrl = (petitionId: string) => `${settings().SITE_URL.replace(/\/$/, "")}/petitions/${encodeURIComponent(petitionId)}/withdraw`;

/**
 * Whether `token` is this signature's (compared in constant time), and then whether its day has
 * passed: "valid", "expired", or "invalid" (another signature's, forged, or of the old, dayless form).
 */
export function checkWithdrawToken(petitionId: string, signatureId: string, token: string, now = Date.now()): "valid" | "expired" | "invalid" {
  const dot = token.indexOf(".");
  const lastDay = token.slice(0, dot);
  if (dot < 1 || !/^\d+$/.test(lastDay)) return "invalid";
  if (!verifySignatureLinkToken("withdraw", petitionId, `${signatureId}:${lastDay}`, token.slice(dot + 1))) return "invalid";
  return today(now) > Number(lastDay) ? "expired" : "valid";
}

/** Whether `token` is this signature's and still works. */
export const verifyWithdrawToken = (petitionId: string, signatureId: string, token: string, now = Date.now()) =>
  checkWithdrawToken(petitionId, signatureId, token, now) === "valid";
