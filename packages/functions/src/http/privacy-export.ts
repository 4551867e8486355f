import { Privacy } from "@site/core/privacy";
import { ok, publicRoute } from "../lib/http";

/** "Download my data": the link's `{token}` → `{email, exportedAt, records: [{kind, ...fields}], mailStopped?}`; the link stays valid. */
export const handler = publicRoute(async (req) => {
  const { token } = req.body(Privacy.PrivacyTokenInput);
  await Privacy.countAttempt(req.meta.ipAddress);
  const link = await Privacy.openLink(token);
  const [records, mailStopped] = await Promise.all([Privacy.storedRecords(link.email), Privacy.mailStopped(link.email)]);
  await Privacy.countDownload(link.requestId);
  return ok({ email: link.email, exportedAt: new Date().toISOString(), records: records.map(Privacy.exported), ...(mailStopped ? { mailStopped } : {}) });
});
