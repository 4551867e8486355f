import { settings } from "@site/core/config";
import { Privacy } from "@site/core/privacy";
import { RateLimit } from "@site/core/ratelimit";
import { rateLimitSubject } from "@site/core/request/metadata";
import { ok, publicRoute } from "../lib/http";

/** "Download my data": the link's `{token}` → `{email, exportedAt, records: [{kind, ...fields}]}`; the link stays valid. */
export const handler = publicRoute(async (req) => {
  const { token } = req.body(Privacy.PrivacyTokenInput);
  await RateLimit.consume(Privacy.RATE_SCOPE, rateLimitSubject(req.meta.ipAddress), settings().PRIVACY_RATE_LIMIT_PER_MINUTE);
  const link = await Privacy.openLink(token);
  const records = await Privacy.storedRecords(link.email);
  await Privacy.countDownload(link.requestId);
  return ok({ email: link.email, exportedAt: new Date().toISOString(), records: records.map(Privacy.exported) });
});
