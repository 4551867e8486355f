import { log } from "@site/core/log";
import { Report } from "@site/core/report";
import { Sheets } from "@site/core/sheets";
import { syncReportsSoon } from "@site/core/sheets/reports";
import { EventHandler } from "../lib/events";

let toldUnconfigured = false;

/**
 * Keeps the spreadsheet's "Scam Reports" tab current: one sync per burst of reports (coalesce.ts);
 * a failed sync throws so the bus retries it, and the reports are already stored. Does nothing
 * while Google Sheets is not configured.
 */
export const handler = EventHandler(Report.Events.Created, async () => {
  const missing = Sheets.notConfigured();
  if (missing) {
    if (!toldUnconfigured) {
      toldUnconfigured = true;
      log.info("spreadsheet sync skipped", { reason: missing });
    }
    return;
  }
  const synced = await syncReportsSoon();
  if (synced) log.info("scam reports synced", synced);
});
