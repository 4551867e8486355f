import { Admins } from "@site/core/admins";
import { Lead } from "@site/core/lead";
import { leadTabs } from "@site/core/lead/sheet";
import { accepted, adminRoute } from "../lib/http";

/**
 * "Sync with Google Sheets" on a lead list: starts the sync of the form's tab as a job and answers
 * 202 `{jobId}` at once; the `sheets-sync-job` subscriber rewrites the tab.
 */
export const handler = adminRoute(async (req) => {
  const form = Lead.formOf(req.param("form"));
  const job = await leadTabs[form].job.request(await Admins.emailOf(req.admin));
  return accepted({ jobId: job.id });
});
