import { Captcha } from "@site/core/captcha";
import { settings } from "@site/core/config";
import { Privacy } from "@site/core/privacy";
import { RateLimit } from "@site/core/ratelimit";
import { rateLimitSubject } from "@site/core/request/metadata";
import { accepted, publicRoute } from "../lib/http";

/**
 * /data-deletion-request: `{email, captchaToken?}` → 202 `{status: "sent"}`, whatever the address
 * holds (nothing is looked up here); the link goes to the address. Limited per IP (429) and, silently,
 * per mailbox (Privacy.LINKS_PER_ADDRESS_PER_DAY).
 */
export const handler = publicRoute(async (req) => {
  const { email, captchaToken } = req.body(Privacy.DeletionRequestInput);
  await RateLimit.consume(Privacy.RATE_SCOPE, rateLimitSubject(req.meta.ipAddress), settings().PRIVACY_RATE_LIMIT_PER_MINUTE);
  await Captcha.verify(captchaToken, Privacy.DELETION_CAPTCHA_ACTION, req.meta.ipAddress);
  await Privacy.request(email);
  return accepted({ status: "sent" });
});
