import { Admins } from "@site/core/admins";
import { Audit } from "@site/core/audit";
import { Suppression } from "@site/core/suppression";
import { NotFoundError } from "@site/core/util/error";
import { adminRoute, ok } from "../lib/http";

/**
 * Lifts a suppression → `{person}`: the address may be mailed again (an administrator's decision,
 * e.g. a mailbox that was full). Audited as `mail.suppression_lifted`, naming the person by hash.
 */
export const handler = adminRoute(async (req) => {
  const parsed = Suppression.PersonHash.safeParse(req.param("person"));
  if (!parsed.success || !(await Suppression.lift(parsed.data)))
    throw new NotFoundError("mail.suppression_not_found", "This address is not on the suppression list");
  await Audit.record({ action: "mail.suppression_lifted", actor: await Admins.emailOf(req.admin), target: `person ${parsed.data}`, rows: 1 });
  return ok({ person: parsed.data });
});
