import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { settings } from "../config";

/**
 * The link every e-mail about a signature carries to withdraw it. The token is an HMAC-SHA256 of
 * `withdraw:<petitionId>:<signatureId>` under the stage's LINK_SIGNING_SECRET: nobody without the
 * secret can make one, and no item is written per e-mail (the link is derived again to check it).
 * It does not expire: a signer may withdraw for as long as the signature exists.
 */

/** base64url of 32 bytes. */
export const TOKEN_LENGTH = 43;
export const WithdrawToken = z
  .string({ error: "The link's token is missing" })
  .regex(/^[A-Za-z0-9_-]+$/, "This withdrawal link is not valid")
  .length(TOKEN_LENGTH, "This withdrawal link is not valid");

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

export const withdrawToken = (petitionId: string, signatureId: string) => signatureLinkToken("withdraw", petitionId, signatureId);

/** The site's withdraw page for this signature, with its token. */
export function withdrawUrl(petitionId: string, signatureId: string): string {
  const site = settings().SITE_URL.replace(/\/$/, "");
  const query = new URLSearchParams({ s: signatureId, t: withdrawToken(petitionId, signatureId) });
  return `${site}/petitions/${encodeURIComponent(petitionId)}/withdraw?${query.toString()}`;
}

/** Whether `token` is this signature's, compared in constant time. */
export const verifyWithdrawToken = (petitionId: string, signatureId: string, token: string) =>
  verifySignatureLinkToken("withdraw", petitionId, signatureId, token);
