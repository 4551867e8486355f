import { Admins } from "@site/core/admins";
import { Cases } from "@site/core/cases";
import { adminRoute, ok } from "../lib/http";

/** `POST /api/admin/case-proposals/{id}/confirm` → `{caseId}`: a new case of its reports, or its reports added to the case it names. */
export const handler = adminRoute(async (req) => {
  const id = req.param("id");
  if (!(await Cases.findProposal(id))) throw new Cases.ProposalNotFound();
  return ok(await Cases.confirm(id, await Admins.emailOf(req.admin)));
});
