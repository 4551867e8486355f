import { Privacy } from "@site/core/privacy";
import { ok, publicRoute } from "../lib/http";

/**
 * "Download my data": the link's `{token}` → `{email, exportedAt, records: [{kind, ...fields}], mailStopped?}`,
 * or, larger than a response may be (Privacy.INLINE_DOWNLOAD_MAX_BYTES), `{url, expiresAt}`: a
 * five-minute link to the same JSON in the private bucket, saved as my-data.json, written as the records
 * are read a page at a time (a multipart upload: never every record in memory). The link stays valid.
 * `routeWith` lowers the limit, the page and the part sizes in tests.
 */
export const routeWith = (opts: Privacy.DownloadOptions = {}) =>
  publicRoute(async (req) => {
    const { token } = req.body(Privacy.PrivacyTokenInput);
    await Privacy.countAttempt(req.meta.ipAddress);
    const link = await Privacy.openLink(token);
    return ok(await Privacy.download(link, opts));
  });

export const handler = routeWith();
