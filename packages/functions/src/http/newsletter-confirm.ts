import { settings } from "@site/core/config";
import { Newsletter } from "@site/core/newsletter";
import { RateLimit } from "@site/core/ratelimit";
import { rateLimitSubject } from "@site/core/request/metadata";
import { ok, publicRoute } from "../lib/http";

/**
 * The confirmation link's token (double opt-in): `{token}` → 200 `{status: "confirmed" | "already_confirmed"}`;
 * an unknown, expired or used token is a 400. The welcome e-mail follows from `newsletter.confirmed`.
 */
export const handler = publicRoute(async (req) => {
  const { token } = req.body(Newsletter.ConfirmInput);
  // Counted before the lookup, so guessing tokens costs attempts.
  await RateLimit.consume(Newsletter.CONFIRM_RATE_SCOPE, rateLimitSubject(req.meta.ipAddress), settings().NEWSLETTER_CONFIRM_RATE_LIMIT_PER_MINUTE);
  return ok({ status: await Newsletter.confirm(token) });
});
