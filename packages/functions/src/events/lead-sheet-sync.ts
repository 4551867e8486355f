import { Lead } from "@site/core/lead";
import { leadTabs } from "@site/core/lead/sheet";
import { sheetSyncHandler } from "../lib/sheet-sync";

/** Keeps the tab of the submission's form current (one tab per form). */
export const handler = sheetSyncHandler(
  Lead.Events.Created,
  (detail) => leadTabs[detail.form].tab,
  (detail) => leadTabs[detail.form].soon(),
);
