import { settings } from "@site/core/config";
import { Newsletter } from "@site/core/newsletter";
import { RateLimit } from "@site/core/ratelimit";
import { SignatureNewsletter } from "@site/core/signature/newsletter-link";
import { ok, publicRoute } from "../lib/http";

/**
 * The confirmation link's token (double opt-in), or a signer's newsletter offer: `{token}` → 200 `{status: "confirmed" | "already_confirmed"}`;
 * an unknown, expired or used token is a 400 (a retry with the page's idempotency key of a confirmation that
 * happened answers it again). The welcome e-mail follows from `newsletter.confirmed`.
 */
export const handler = publicRoute(async (req) => {
  const { token } = req.body(Newsletter.ConfirmInput);
  // Counted before the lookup, so guessing tokens costs attempts.
  await RateLimit.consumeClient(Newsletter.CONFIRM_RATE_SCOPE, req.meta.ipAddress, settings().NEWSLETTER_CONFIRM_RATE_LIMIT_PER_MINUTE);
  // a signer's thank-you e-mail offers the newsletter with a signed link of its own (signature/newsletter-link.ts)
  return ok({
    status: SignatureNewsletter.isOfferToken(token) ? await SignatureNewsletter.takeOffer(token) : await Newsletter.confirm(token, req.idempotencyKey()),
  });
});
