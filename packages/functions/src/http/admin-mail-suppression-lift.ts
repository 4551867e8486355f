import { Admins } from "@site/core/admins";
import { Audit } from "@site/core/audit";
import { auditedPersonOfKept } from "@site/core/db/person-index";
import { Suppression } from "@site/core/suppression";
import { NotFoundError } from "@site/core/util/error";
import { adminRoute, ok } from "../lib/http";

/**
 * Lifts a suppression: body `{person}` (the entry's kept hash, as the list shows it; never the path,
 * which the access log keeps) → `{person}`: the address may be mailed again (an administrator's
 * decision, e.g. a mailbox that was full). Audited as `mail.suppression_lifted`, naming the person as
 * every audit entry does (`person <kept hash>`: the entry's own hash, so no key is needed here). 400
 * for a malformed body, 404 when the person has no entry.
 */
export const handler = adminRoute(async (req) => {
  const { person } = req.body(Suppression.SuppressionLiftInput);
  if (!(await Suppression.lift(person))) throw new NotFoundError("mail.suppression_not_found", "This address is not on the suppression list");
  await Audit.record({ action: "mail.suppression_lifted", actor: await Admins.emailOf(req.admin), target: auditedPersonOfKept(person), rows: 1 });
  return ok({ person });
});
