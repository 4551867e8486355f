import { Admins } from "@site/core/admins";
import { Cases } from "@site/core/cases";
import { CaseSplit } from "@site/core/cases/input";
import { adminRoute, created } from "../lib/http";

/** `POST /api/admin/cases/{id}/split` `{reportIds}` → 201 `{caseId}`: those reports move out into a new case. */
export const handler = adminRoute(async (req) => {
  const id = req.param("id");
  if (!(await Cases.find(id))) throw new Cases.CaseNotFound();
  const { reportIds } = req.body(CaseSplit);
  return created(await Cases.split(id, reportIds, await Admins.emailOf(req.admin)));
});
