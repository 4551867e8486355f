import { Report } from ".";
import { ReportListing } from "./listing";
import { REPORT_COLUMNS, reportCells } from "./sheet-columns";
import { GSI_SETTLE_MS, tabSync, type SyncProgress, type SyncResult } from "../sheets/tab-sync";

export { REPORT_COLUMNS, reportCells } from "./sheet-columns";

export const REPORTS_TAB = "Scam Reports";

/** Every report, newest first, a page of gsi1 at a time, with the count for progress. */
async function rows() {
  async function* pages() {
    for await (const page of Report.allNewestFirst()) yield page.map(reportCells);
  }
  return { total: await ReportListing.count(), pages: pages() };
}

/** The "Scam Reports" tab: every report, newest first. */
const reportsTab = tabSync({ tab: REPORTS_TAB, header: REPORT_COLUMNS, rows, settleMs: GSI_SETTLE_MS });

/** The administrator's sync (a job): runs now, after a sync already running on the tab, waiting up to `waitMs`. */
export const syncReports = (waitMs: number, progress?: SyncProgress): Promise<SyncResult> => reportsTab.now(waitMs, progress);

/** After a report: one sync per burst; undefined when a sync already scheduled covers this report. */
export const syncReportsSoon = (): Promise<SyncResult | undefined> => reportsTab.soon();
