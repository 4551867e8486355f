import { Privacy } from "@site/core/privacy";
import { ok, publicRoute } from "../lib/http";

/**
 * The link's confirm button: `{token, mailAgain?}` → `{erased: {signature, report, lead, newsletter}}`,
 * or, for more than Privacy.ERASE_IN_JOB_ABOVE records, `{status: "erasing", progress: {completed, total}, statusToken}`
 * at once (the privacy-erasure subscriber erases; POST /api/privacy/erase/status follows it). The token
 * is used up; a retry with the page's idempotency key answers the erasure it started (Privacy.confirmOnce).
 * `mailAgain` also lifts the address's suppression (the person asks to be e-mailed again).
 * `routeWith` lowers the threshold in tests.
 */
export const routeWith = (opts: { jobAbove?: number } = {}) =>
  publicRoute(async (req) => {
    const { token, mailAgain } = req.body(Privacy.PrivacyEraseInput);
    await Privacy.countAttempt(req.meta.ipAddress);
    return ok(await Privacy.confirmOnce(token, { key: req.idempotencyKey(), mailAgain, ...opts }));
  });

export const handler = routeWith();
