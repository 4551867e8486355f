import { Lead } from "@site/core/lead";
import { leadSheetTabId } from "@site/core/lead/forms";
import { LeadAdmin } from "@site/core/lead/admin";
import { deleteAllRoute } from "../lib/collection-routes";

/**
 * `{confirm: "CONFIRM", operationId?}` → `{operationId, deleted, remaining, done}`, one chunk per
 * call, of the form in the path. Submissions made while it runs are kept.
 */
export const handler = deleteAllRoute({
  input: LeadAdmin.DeleteAllInput,
  action: "leads.deleted_all",
  scope: (req) => ({ form: Lead.formOf(req.param("form")) }),
  target: (body) => `${body.form} submissions`,
  sheetTabs: (body) => [leadSheetTabId(body.form)],
  step: (body, startedAt) => LeadAdmin.deleteAll(body.form, startedAt),
});
