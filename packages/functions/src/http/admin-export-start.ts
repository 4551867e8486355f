import { Admins } from "@site/core/admins";
import { ExportJob } from "@site/core/privacy/exports";
import { accepted, adminRoute } from "../lib/http";

/**
 * Starts an export as a job (`{kind, query, fileName}`) and answers 202 `{jobId}` at once; the console
 * follows it with `GET /api/admin/jobs/{jobId}`, then asks for its download link. The rows are read
 * and written by the `export-job` subscriber, never inside this request.
 */
export const handler = adminRoute(async (req) => {
  const job = await ExportJob.request(req.body(ExportJob.Request), await Admins.starter(req.admin));
  return accepted({ jobId: job.id });
});
