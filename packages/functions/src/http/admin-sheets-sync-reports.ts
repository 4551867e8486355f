import { Admins } from "@site/core/admins";
import * as ReportSyncJob from "@site/core/report/sheet-sync-job";
import { accepted, adminRoute } from "../lib/http";

/**
 * "Sync to Google Sheet" on the scam reports screen: starts the sync as a job and answers 202
 * `{jobId}` at once; the `sheets-sync-job` subscriber rewrites the "Scam Reports" tab.
 */
export const handler = adminRoute(async (req) => {
  const job = await ReportSyncJob.request(await Admins.emailOf(req.admin));
  return accepted({ jobId: job.id });
});
