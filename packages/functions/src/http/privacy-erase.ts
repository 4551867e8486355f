import { settings } from "@site/core/config";
import { Privacy } from "@site/core/privacy";
import { RateLimit } from "@site/core/ratelimit";
import { rateLimitSubject } from "@site/core/request/metadata";
import { ok, publicRoute } from "../lib/http";

/** The link's confirm button: `{token}` → `{erased: {signature, report, lead, newsletter}}`; the token is used up. */
export const handler = publicRoute(async (req) => {
  const { token } = req.body(Privacy.PrivacyTokenInput);
  await RateLimit.consume(Privacy.RATE_SCOPE, rateLimitSubject(req.meta.ipAddress), settings().PRIVACY_RATE_LIMIT_PER_MINUTE);
  return ok({ erased: await Privacy.confirm(token) });
});
