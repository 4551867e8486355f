import { Admins } from "@site/core/admins";
import { Cases } from "@site/core/cases";
import { CaseMerge } from "@site/core/cases/input";
import { adminRoute, ok } from "../lib/http";

/**
 * `POST /api/admin/cases/{id}/merge` `{caseId}` (an id or a reference) → `{moved}`: that case's
 * reports move into this one, and it is closed and points here.
 */
export const handler = adminRoute(async (req) => {
  const id = req.param("id");
  if (!(await Cases.find(id))) throw new Cases.CaseNotFound();
  const { caseId } = req.body(CaseMerge);
  return ok(await Cases.merge(id, caseId, await Admins.emailOf(req.admin)));
});
