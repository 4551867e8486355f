import { Admins } from "@site/core/admins";
import { Alerts } from "@site/core/alerts";
import { Audit } from "@site/core/audit";
import { adminRoute, ok } from "../lib/http";

/** `PATCH /api/admin/scam-alerts/{slug}` `{title?, summary?, identifiers?, published?}` → the alert; audited (`scam_alert.updated`). */
export const handler = adminRoute(async (req) => {
  const body = req.body(Alerts.UpdateInput);
  const by = await Admins.emailOf(req.admin);
  const { before, alert } = await Alerts.update(req.param("slug"), body, by);
  await Audit.record({ action: "scam_alert.updated", actor: by, target: `${alert.slug}: ${Alerts.describeChange(before, alert)}`, rows: 1 });
  return ok(Alerts.adminView(alert));
});
