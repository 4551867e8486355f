import { Report } from "@site/core/report";
import { reportsTab } from "@site/core/report/sheet";
import { sheetSyncHandler } from "../lib/sheet-sync";

/** Keeps the spreadsheet's "Scam Reports" tab current. */
export const handler = sheetSyncHandler(Report.Events.Created, reportsTab.tab, reportsTab.soon);
