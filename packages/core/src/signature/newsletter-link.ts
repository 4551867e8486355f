export * as SignatureNewsletter from "./newsletter-link";

import { createHmac, timingSafeEqual } from "node:crypto";
import { settings } from "../config";
import { Newsletter } from "../newsletter";
import { Petition } from "../petition";
import { NEWSLETTER_CONFIRMATION_DAYS } from "../policy/retention";
import { fromID, SignatureNotFound, type Info } from "./index";

/**
 * A signer who ticked "Keep me updated about the campaign" is offered the newsletter in their
 * thank-you e-mail (the share e-mail, signature/emails.ts), not in an e-mail of its own: one e-mail
 * instead of two, and nothing written for the consent until they take the offer. Its link's token
 * names the signature and when the link stops working, signed with LINK_SIGNING_SECRET
 * (`n1.<petition>.<signature>.<until, base 36 seconds>.<HMAC>`): opening it confirms the
 * subscription at once, the consent being the one the signature records (its source, its time),
 * since the click proves the mailbox (Newsletter.subscribeConfirmed). A pending signature is never
 * offered it: its first e-mail is its confirmation link, and the offer follows once it counts.
 */

const PREFIX = "n1";
/** How long the offer stands after its e-mail is rendered: as long as a newsletter confirmation link. */
export const OFFER_SECONDS = NEWSLETTER_CONFIRMATION_DAYS * 24 * 3600;

function mac(petitionId: string, signatureId: string, until: string): string {
  const secret = settings().LINK_SIGNING_SECRET;
  if (!secret) throw new Error("LINK_SIGNING_SECRET is not set: e-mailed links cannot be signed or checked");
  return createHmac("sha256", secret).update(`newsletter:${petitionId}:${signatureId}:${until}`).digest("base64url");
}

/** The token of a signature's newsletter offer, good for OFFER_SECONDS from `now`. */
export function offerToken(signature: Pick<Info, "petitionId" | "id">, now = Date.now()): string {
  const until = Math.floor(now / 1000 + OFFER_SECONDS).toString(36);
  return [PREFIX, signature.petitionId, signature.id, until, mac(signature.petitionId, signature.id, until)].join(".");
}

/** The newsletter's confirmation page with the offer's token (the page posts it to POST /api/newsletter/confirm). */
export function offerUrl(signature: Pick<Info, "petitionId" | "id">, now = Date.now()): string {
  return `${settings().SITE_URL.replace(/\/$/, "")}/newsletter/confirmed?token=${encodeURIComponent(offerToken(signature, now))}`;
}

/** Whether a confirmation token is a signature's offer (else it is a stored newsletter token). */
export const isOfferToken = (token: string) => token.startsWith(`${PREFIX}.`);

/**
 * Takes the offer a token names: the signature must still exist, count (verified) and hold the
 * consent; the link must be genuine and unexpired. Anything else is Newsletter's own "invalid link".
 */
export async function takeOffer(token: string, now = Date.now()): Promise<Newsletter.ConfirmResult> {
  const parts = token.split(".");
  const [prefix, petitionId, signatureId, until, given] = parts;
  if (parts.length !== 5 || prefix !== PREFIX || !Petition.ID_PATTERN.test(petitionId) || !/^[0-9a-z]{1,13}$/.test(until))
    throw new Newsletter.InvalidConfirmation();
  const expected = Buffer.from(mac(petitionId, signatureId, until));
  if (Buffer.byteLength(given) !== expected.length || !timingSafeEqual(Buffer.from(given), expected)) throw new Newsletter.InvalidConfirmation();
  if (parseInt(until, 36) * 1000 <= now) throw new Newsletter.InvalidConfirmation();
  let signature: Info;
  try {
    signature = await fromID(petitionId, signatureId);
  } catch (err) {
    if (err instanceof SignatureNotFound) throw new Newsletter.InvalidConfirmation();
    throw err;
  }
  if (!signature.newsletterConsent || signature.status === "pending") throw new Newsletter.InvalidConfirmation();
  const result = await Newsletter.subscribeConfirmed({
    email: signature.email,
    name: `${signature.firstName} ${signature.lastName}`,
    consentAt: signature.newsletterConsentAt ?? signature.createdAt,
    source: `petition:${signature.petitionId}`,
  });
  return result === "confirmed" ? "confirmed" : "already_confirmed";
}
