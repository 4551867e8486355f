import { Privacy } from "@site/core/privacy";
import { ok, publicRoute } from "../lib/http";

/** /my-data: the link's `{token}` → `{email, validUntil, counts, records: [{kind, label, createdAt}]}`, what an erasure would remove. */
export const handler = publicRoute(async (req) => {
  const { token } = req.body(Privacy.PrivacyTokenInput);
  await Privacy.countAttempt(req.meta.ipAddress);
  const link = await Privacy.openLink(token);
  const records = await Privacy.storedRecords(link.email);
  return ok({ email: link.email, validUntil: link.validUntil, counts: Privacy.countsOf(records), records: await Privacy.summaries(records) });
});
