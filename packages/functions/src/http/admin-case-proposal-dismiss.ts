import { Admins } from "@site/core/admins";
import { Cases } from "@site/core/cases";
import { adminRoute, ok } from "../lib/http";

/** `POST /api/admin/case-proposals/{id}/dismiss` → `{dismissed: true}`: its reports are free again. */
export const handler = adminRoute(async (req) => {
  const id = req.param("id");
  if (!(await Cases.findProposal(id))) throw new Cases.ProposalNotFound();
  await Cases.dismiss(id, await Admins.emailOf(req.admin));
  return ok({ dismissed: true });
});
