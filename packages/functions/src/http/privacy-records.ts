import { Privacy } from "@site/core/privacy";
import { ok, publicRoute } from "../lib/http";

/**
 * /my-data: the link's `{token}` → `{email, validUntil, counts, records: [{kind, label, createdAt}], mailStopped?: {reason, at}}`:
 * what an erasure would remove, and whether our mail to the address is stopped (which it keeps unless asked).
 */
export const handler = publicRoute(async (req) => {
  const { token } = req.body(Privacy.PrivacyTokenInput);
  await Privacy.countAttempt(req.meta.ipAddress);
  const link = await Privacy.openLink(token);
  const [records, stopped] = await Promise.all([Privacy.storedRecords(link.email), Privacy.mailStopped(link.email)]);
  const mailStopped = stopped && { reason: stopped.reason, at: stopped.at };
  return ok({
    email: link.email,
    validUntil: link.validUntil,
    counts: Privacy.countsOf(records),
    records: await Privacy.summaries(records),
    ...(mailStopped ? { mailStopped } : {}),
  });
});
