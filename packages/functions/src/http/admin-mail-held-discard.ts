import { Admins } from "@site/core/admins";
import { Audit } from "@site/core/audit";
import { HeldMail } from "@site/core/mail/held";
import { HeldDomainInput } from "@site/core/mail/held-input";
import { adminRoute, ok } from "../lib/http";

/**
 * `POST /api/admin/mail/held/discard` with `{domain}` → `{done, remaining}`: the e-mails held for the
 * domain are deleted (the signatures, reports and submissions that caused them stay). Audited as
 * `mail.held_discarded`.
 */
export const handler = adminRoute(async (req) => {
  const { domain } = req.body(HeldDomainInput);
  const progress = await HeldMail.discard(domain);
  await Audit.record({ action: "mail.held_discarded", actor: await Admins.emailOf(req.admin), target: domain, rows: progress.done });
  return ok(progress);
});
