import { Admins } from "@site/core/admins";
import { Cases } from "@site/core/cases";
import { CasePatch } from "@site/core/cases/input";
import { adminRoute, ok } from "../lib/http";

/**
 * `PATCH /api/admin/cases/{id}` `{status?, assignee?, title?}` → the case. Each change is on the
 * timeline and audited; a status change publishes `case.status-changed`.
 */
export const handler = adminRoute(async (req) => {
  const id = req.param("id");
  if (!(await Cases.find(id))) throw new Cases.CaseNotFound();
  const patch = req.body(CasePatch);
  return ok(await Cases.update(id, patch, await Admins.emailOf(req.admin)));
});
