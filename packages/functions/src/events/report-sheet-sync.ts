import { Report } from "@site/core/report";
import { REPORTS_TAB, syncReportsSoon } from "@site/core/report/sheet-tab";
import { sheetSyncHandler } from "../lib/sheet-sync";

/** Keeps the spreadsheet's "Scam Reports" tab current. */
export const handler = sheetSyncHandler(Report.Events.Created, REPORTS_TAB, syncReportsSoon);
