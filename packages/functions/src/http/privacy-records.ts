import { Privacy } from "@site/core/privacy";
import { ok, publicRoute } from "../lib/http";

/**
 * /my-data: the link's `{token, cursor?}` → `{email, validUntil, counts, countLabels, records: [{kind, label, createdAt}], next, mailStopped?: {reason, at}}`:
 * what an erasure would remove, a page at a time (Privacy.RECORDS_PAGE_SIZE records, oldest first; `next`
 * is the cursor of the page after it, null on the last), the counts of every record, and whether our mail
 * to the address is stopped (which it keeps unless asked). A body without `cursor` asks for the first page;
 * a cursor of another shape is a 400, before anything is counted or read. `routeWith` lowers the page size in tests.
 */
export const routeWith = (opts: { pageSize?: number } = {}) =>
  publicRoute(async (req) => {
    const { token, cursor } = req.body(Privacy.PrivacyRecordsInput);
    await Privacy.countAttempt(req.meta.ipAddress);
    const link = await Privacy.openLink(token);
    const [page, stopped] = await Promise.all([Privacy.recordsPage(link.email, { cursor, size: opts.pageSize }), Privacy.mailStopped(link.email)]);
    const mailStopped = stopped && { reason: stopped.reason, at: stopped.at };
    return ok({
      email: link.email,
      validUntil: link.validUntil,
      counts: page.counts,
      // how the registered kinds (defineKind) are counted; the product's kinds the page knows
      countLabels: Privacy.countedLabels(),
      records: await Privacy.summaries(page.records),
      next: page.next,
      ...(mailStopped ? { mailStopped } : {}),
    });
  });

export const handler = routeWith();
