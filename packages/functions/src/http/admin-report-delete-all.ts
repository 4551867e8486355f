import { ReportAdmin } from "@site/core/report/admin";
import { deleteAllRoute } from "../lib/collection-routes";

/**
 * `{confirm: "CONFIRM", operationId?}` → `{operationId, deleted, remaining, done}`, one chunk per
 * call, evidence files included. Reports made while it runs are kept.
 */
export const handler = deleteAllRoute({
  input: ReportAdmin.DeleteAllInput,
  action: "reports.deleted_all",
  target: () => "all reports",
  sheetTabs: () => ["reports"],
  step: (_body, startedAt) => ReportAdmin.deleteAll(startedAt),
});
