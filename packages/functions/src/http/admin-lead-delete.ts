import { Sheets } from "@site/core/sheets";
import { Admins } from "@site/core/admins";
import { Audit } from "@site/core/audit";
import { Lead } from "@site/core/lead";
import { leadSheetTabId } from "@site/core/lead/forms";
import { LeadAdmin } from "@site/core/lead/admin";
import { adminRoute, ok } from "../lib/http";

/** Deletes one submission → `{id, form}`; audited as `lead.deleted` (target `<form>/<id>`). */
export const handler = adminRoute(async (req) => {
  const form = Lead.formOf(req.param("form"));
  const removed = await LeadAdmin.remove(form, req.param("id"));
  await Audit.record({ action: "lead.deleted", actor: await Admins.emailOf(req.admin), target: `${form}/${removed.id}`, rows: 1 });
  await Sheets.resyncSoon([leadSheetTabId(form)]);
  return ok({ id: removed.id, form });
});
