import { Admins } from "@site/core/admins";
import { Audit } from "@site/core/audit";
import { ReportAdmin } from "@site/core/report/admin";
import { adminRoute, ok } from "../lib/http";

/** `{status: "new" | "in_review" | "resolved" | "spam"}` → the report's list row; a change is audited. */
export const handler = adminRoute(async (req) => {
  const { status } = req.body(ReportAdmin.StatusInput);
  const { row, previous, reference } = await ReportAdmin.setStatus(req.param("id"), status);
  if (previous !== status) {
    await Audit.record({ action: "report.status_changed", actor: await Admins.emailOf(req.admin), target: `${reference}: ${previous} → ${status}`, rows: 1 });
  }
  return ok(row);
});
