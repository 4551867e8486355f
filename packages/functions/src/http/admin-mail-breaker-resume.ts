import { Admins } from "@site/core/admins";
import { Audit } from "@site/core/audit";
import { MailBreaker } from "@site/core/mail/breaker";
import { adminRoute, ok } from "../lib/http";

/**
 * `POST /api/admin/mail/breaker/resume` → the breaker's new state: visitor e-mail goes again (held
 * e-mails leave with the next drain or retry) and a new count begins. Audited as
 * `mail.breaker_resumed`. Resuming a closed breaker only starts a new count.
 */
export const handler = adminRoute(async (req) => {
  const actor = await Admins.emailOf(req.admin);
  const state = await MailBreaker.resume(actor);
  await Audit.record({ action: "mail.breaker_resumed", actor, target: "visitor-mail", rows: 1 });
  return ok(state);
});
