import { Report } from ".";
import { kindTab } from "../sheets/kind-tab";
import { GSI_SETTLE_MS } from "../sheets/tab-sync";
import { ReportListing } from "./listing";
import { REPORT_COLUMNS, reportCells } from "./record";

export const REPORTS_TAB = "Scam Reports";

/** Every report, newest first, a page of gsi1 at a time, with the count for progress. */
async function rows() {
  async function* pages() {
    for await (const page of Report.allNewestFirst()) yield page.map(reportCells);
  }
  return { total: await ReportListing.count(), pages: pages() };
}

/** The "Scam Reports" tab: every report, newest first. "Sync to Google Sheet" on the scam reports screen runs it as a job. */
export const reportsTab = kindTab({
  id: "reports",
  tab: REPORTS_TAB,
  header: REPORT_COLUMNS,
  rows,
  settleMs: GSI_SETTLE_MS,
  job: { kind: "sheets.reports", audit: { action: "reports.synced", target: "all reports" } },
});
