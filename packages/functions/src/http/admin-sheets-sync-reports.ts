import { Admins } from "@site/core/admins";
import { reportsTab } from "@site/core/report/sheet";
import { accepted, adminRoute } from "../lib/http";

/**
 * "Sync to Google Sheet" on the scam reports screen: starts the sync as a job and answers 202
 * `{jobId}` at once; the `sheets-sync-job` subscriber rewrites the "Scam Reports" tab.
 */
export const handler = adminRoute(async (req) => {
  const job = await reportsTab.job.request(await Admins.emailOf(req.admin));
  return accepted({ jobId: job.id });
});
