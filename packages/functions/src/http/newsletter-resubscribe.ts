import { settings } from "@site/core/config";
import { Newsletter } from "@site/core/newsletter";
import { RateLimit } from "@site/core/ratelimit";
import { ok, publicRoute } from "../lib/http";

/** "Re-subscribe" on the unsubscribe page: `{token}` → 200 `{status: "confirmed" | "already_confirmed"}`; the welcome e-mail follows. */
export const handler = publicRoute(async (req) => {
  const { token } = req.body(Newsletter.UnsubscribeInput);
  await RateLimit.consumeClient(Newsletter.UNSUBSCRIBE_RATE_SCOPE, req.meta.ipAddress, settings().NEWSLETTER_CONFIRM_RATE_LIMIT_PER_MINUTE);
  return ok({ status: await Newsletter.resubscribeByToken(token) });
});
