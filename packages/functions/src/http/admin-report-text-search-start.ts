import { Admins } from "@site/core/admins";
import { ReportTextSearch } from "@site/core/report/text-search";
import { accepted, adminRoute } from "../lib/http";

/**
 * "Search report text" on the scam reports screen: `{text}` (3–200 characters) starts a search of
 * every report's text as a job and answers 202 `{jobId}` at once; the console follows it with
 * `GET /api/admin/jobs/{jobId}`, whose result lists the matches. The reports are read by the
 * `report-text-search-job` subscriber, never inside this request.
 */
export const handler = adminRoute(async (req) => {
  const job = await ReportTextSearch.request(req.body(ReportTextSearch.TextSearchInput), await Admins.starter(req.admin));
  return accepted({ jobId: job.id });
});
