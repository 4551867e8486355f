import { Admins } from "@site/core/admins";
import { Cases } from "@site/core/cases";
import { CaseNote } from "@site/core/cases/input";
import { adminRoute, created } from "../lib/http";

/** `POST /api/admin/cases/{id}/notes` `{text}` → 201 the case: an internal note on its timeline (audited without its words). */
export const handler = adminRoute(async (req) => {
  const id = req.param("id");
  if (!(await Cases.find(id))) throw new Cases.CaseNotFound();
  const { text } = req.body(CaseNote);
  return created(await Cases.addNote(id, text, await Admins.emailOf(req.admin)));
});
