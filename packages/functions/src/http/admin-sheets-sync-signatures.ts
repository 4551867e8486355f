import { Admins } from "@site/core/admins";
import { signaturesTab } from "@site/core/signature/sheet";
import { accepted, adminRoute } from "../lib/http";

/**
 * "Sync to Sheet": starts the sync as a job and answers 202 `{jobId}` at once; the console follows
 * it with `GET /api/admin/jobs/{jobId}`. The sync itself runs in the `sheets-sync-job` subscriber,
 * never inside this request.
 */
export const handler = adminRoute(async (req) => {
  const job = await signaturesTab.job.request(await Admins.emailOf(req.admin));
  return accepted({ jobId: job.id });
});
