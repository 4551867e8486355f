import { syncReports } from "./sheet-tab";
import { tabSyncJob } from "../sheets/sync-job";

/** "Sync to Google Sheet" on the scam reports screen, as a job (sync-job.ts): rewrites the "Scam Reports" tab. */
const job = tabSyncJob({ kind: "sheets.reports", sync: syncReports, audit: { action: "reports.synced", target: "all reports" } });

export const { KIND, request, run } = job;
