import { Admins } from "@site/core/admins";
import { Alerts } from "@site/core/alerts";
import { Audit } from "@site/core/audit";
import { Cases } from "@site/core/cases";
import { adminRoute, created } from "../lib/http";

/**
 * `POST /api/admin/cases/{id}/alert` `{title, summary, identifiers: [{type, shown}]}`: publishes the
 * case as a scam alert → 201 the alert (with what the public sees of it). Its figures are counted from
 * the case's members whose reporters agreed to publication; audited (`scam_alert.published`).
 */
export const handler = adminRoute(async (req) => {
  const caseId = req.param("id");
  const input = req.body(Alerts.PublishInput);
  const head = await Cases.fromId(caseId);
  if (head.mergedInto) throw new Alerts.CaseNotPublishable("merged", head.mergedInto);
  if (head.alertSlug) throw new Alerts.CaseNotPublishable("has_alert", head.alertSlug);
  const by = await Admins.emailOf(req.admin);
  const alert = await Alerts.publish({ caseId, ...input, members: await Cases.members(caseId), by });
  await Cases.setAlert(caseId, alert.slug, by);
  // a member that came or went between the count above and the case knowing its alert: counted now
  await Alerts.refresh(alert.slug, await Cases.members(caseId));
  const published = await Alerts.bySlug(alert.slug, true);
  await Audit.record({
    action: "scam_alert.published",
    actor: by,
    target: `${alert.slug} (case ${head.reference}, ${published.stats.reports} reports counted)`,
    rows: 1,
  });
  return created(Alerts.adminView(published));
});
