import { Newsletter } from "@site/core/newsletter";
import { SignatureNewsletter } from "@site/core/signature/newsletter-link";

/**
 * The newsletter link an e-mail carries (`/newsletter/confirmed?token=…`): a confirmation e-mail's
 * stored token, or a signer's thank-you e-mail's offer (signature/newsletter-link.ts), decoded.
 */
export const newsletterTokenIn = (text: string) => {
  const match = /\/newsletter\/confirmed\?token=([A-Za-z0-9_.%-]+)/.exec(text)?.[1];
  return match === undefined ? undefined : decodeURIComponent(match);
};

/** What POST /api/newsletter/confirm does with a token of either kind. */
export const confirmNewsletter = (token: string) =>
  SignatureNewsletter.isOfferToken(token) ? SignatureNewsletter.takeOffer(token) : Newsletter.confirm(token);
