import { Admins } from "@site/core/admins";
import { Audit } from "@site/core/audit";
import { HeldMail } from "@site/core/mail/held";
import { HeldDomainInput } from "@site/core/mail/held-input";
import { adminRoute, ok } from "../lib/http";

/**
 * `POST /api/admin/mail/held/release` with `{domain}` → `{done, remaining}`: the domain is allowed
 * (its mail is never braked again) and its held e-mails go, as many as fit in the call; the console
 * calls again until none remains. Audited as `mail.domain_allowed`.
 */
export const handler = adminRoute(async (req) => {
  const { domain } = req.body(HeldDomainInput);
  const actor = await Admins.emailOf(req.admin);
  const progress = await HeldMail.release(domain, actor);
  await Audit.record({ action: "mail.domain_allowed", actor, target: domain, rows: progress.done });
  return ok(progress);
});
