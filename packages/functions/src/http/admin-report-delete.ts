import { Sheets } from "@site/core/sheets";
import { Admins } from "@site/core/admins";
import { Audit } from "@site/core/audit";
import { ReportAdmin } from "@site/core/report/admin";
import { adminRoute, ok } from "../lib/http";

/** Deletes the report with its evidence files → `{id, reference}`; audited. */
export const handler = adminRoute(async (req) => {
  const removed = await ReportAdmin.remove(req.param("id"));
  await Audit.record({ action: "report.deleted", actor: await Admins.emailOf(req.admin), target: removed.reference, rows: 1 });
  await Sheets.resyncSoon(["reports"]);
  return ok(removed);
});
