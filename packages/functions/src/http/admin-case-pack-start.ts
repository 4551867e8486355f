import { Admins } from "@site/core/admins";
import { CasePack } from "@site/core/case-pack";
import { accepted, adminRoute } from "../lib/http";

/**
 * "Case pack for an authority" on a case's page: starts the case's PDF and CSV as a job and answers
 * 202 `{jobId}` at once (404 for an unknown case); the console follows it with
 * `GET /api/admin/jobs/{jobId}` and downloads each file through `GET /api/admin/jobs/{jobId}/download`
 * (`?file=csv` for the CSV). The reports are read by the `case-pack-job` subscriber.
 */
export const handler = adminRoute(async (req) => {
  const job = await CasePack.request(req.param("id"), await Admins.starter(req.admin));
  return accepted({ jobId: job.id });
});
