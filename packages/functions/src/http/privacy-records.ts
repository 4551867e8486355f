import { settings } from "@site/core/config";
import { Privacy } from "@site/core/privacy";
import { RateLimit } from "@site/core/ratelimit";
import { rateLimitSubject } from "@site/core/request/metadata";
import { ok, publicRoute } from "../lib/http";

/** /my-data: the link's `{token}` → `{email, validUntil, counts, records: [{kind, label, createdAt}]}`, what an erasure would remove. */
export const handler = publicRoute(async (req) => {
  const { token } = req.body(Privacy.PrivacyTokenInput);
  // counted before the lookup, so guessing tokens costs attempts
  await RateLimit.consume(Privacy.RATE_SCOPE, rateLimitSubject(req.meta.ipAddress), settings().PRIVACY_RATE_LIMIT_PER_MINUTE);
  const link = await Privacy.openLink(token);
  const records = await Privacy.storedRecords(link.email);
  return ok({ email: link.email, validUntil: link.validUntil, counts: Privacy.countsOf(records), records: await Privacy.summaries(records) });
});
