import { Lead } from "@site/core/lead";
import { leadTab, syncLeadsSoon } from "@site/core/lead/sheet-tabs";
import { sheetSyncHandler } from "../lib/sheet-sync";

/** Keeps the tab of the submission's form current (one tab per form). */
export const handler = sheetSyncHandler(
  Lead.Events.Created,
  (detail) => leadTab(detail.form),
  (detail) => syncLeadsSoon(detail.form),
);
