import { Alerts } from "@site/core/alerts";
import { adminRoute, ok } from "../lib/http";

/** `GET /api/admin/scam-alerts/{slug}` → the alert (with what the public sees of it) and the companies' correction requests, newest first. */
export const handler = adminRoute(async (req) => {
  const slug = req.param("slug");
  const [alert, corrections] = await Promise.all([Alerts.bySlug(slug, true), Alerts.correctionsOf(slug)]);
  return ok({ alert: Alerts.adminView(alert), corrections });
});
