import { ReportStatus } from "@site/core/report-status";
import { accepted, publicRoute } from "../lib/http";

/**
 * /report-status's form: `{reference, email}` → 202 `{status: "sent"}`, the same answer, status and
 * writes whether or not the pair names a report (nothing is looked up here: the subscriber of
 * `report-status.link-requested` does it, and only a match is e-mailed, to the report's own address).
 * A malformed reference or address is a 400 naming the field; past the client's limit, a 429. A retry
 * with the page's idempotency key records nothing more.
 */
export const handler = publicRoute(async (req) => {
  const input = req.body(ReportStatus.LinkRequestInput);
  await ReportStatus.countAttempt(req.meta.ipAddress);
  await ReportStatus.request(input, req.idempotencyKey());
  return accepted({ status: "sent" } satisfies ReportStatus.LinkRequested);
});
