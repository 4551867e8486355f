import { Alerts } from "@site/core/alerts";
import { created, publicRoute } from "../lib/http";

/**
 * `POST /api/public/scam-alerts/{slug}/corrections` `{company, fullName, email, message, captchaToken}`:
 * a company asks for a correction of a published alert → 201 `{id}`. Rate limited and captcha'd as the
 * other public forms; the administrators see it beside the alert. A retry with the page's idempotency key
 * answers the first attempt's id.
 */
export const handler = publicRoute(async (req) => {
  return created(await Alerts.requestCorrection(req.param("slug"), req.json ?? {}, req.meta.ipAddress, req.idempotencyKey()));
});
