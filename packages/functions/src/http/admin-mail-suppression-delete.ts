import { Admins } from "@site/core/admins";
import { Audit } from "@site/core/audit";
import { auditedPersonOfHash } from "@site/core/db/person-index";
import { Suppression } from "@site/core/suppression";
import { NotFoundError } from "@site/core/util/error";
import { adminRoute, ok } from "../lib/http";

/**
 * Lifts a suppression → `{person}`: the address may be mailed again (an administrator's decision,
 * e.g. a mailbox that was full). Audited as `mail.suppression_lifted`, naming the person by the
 * audit trail's keyed hash (of the entry's person hash, as every audit entry names a person).
 */
export const handler = adminRoute(async (req) => {
  const parsed = Suppression.PersonHash.safeParse(req.param("person"));
  if (!parsed.success || !(await Suppression.lift(parsed.data)))
    throw new NotFoundError("mail.suppression_not_found", "This address is not on the suppression list");
  await Audit.record({ action: "mail.suppression_lifted", actor: await Admins.emailOf(req.admin), target: auditedPersonOfHash(parsed.data), rows: 1 });
  return ok({ person: parsed.data });
});
