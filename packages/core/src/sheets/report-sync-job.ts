import { Audit } from "../audit";
import { Job } from "../jobs";
import { SheetsError } from "./errors";
import { syncReports } from "./reports";
import { Events, WAIT_FOR_RUNNING_MS } from "./signature-sync-job";
import { LEASE_MS } from "./tab-sync";

/**
 * "Sync to Google Sheet" on the scam reports screen, as a job: the same life as the signatures' sync
 * job (signature-sync-job.ts) and the same start event, which the `sheets-sync-job` subscriber
 * hands to the runner of the job's kind. The sync rewrites the "Scam Reports" tab (sheets/reports.ts)
 * under the tab's lock, shared with the coalesced sync after each report.
 */
export const KIND = "sheets.reports";

/** Records a queued sync job started by `actor`, with the event that runs it. */
export function request(actor: string): Promise<Job.Info> {
  return Job.create({ kind: KIND, actor }, Events.SyncRequested, (jobId) => ({ jobId }));
}

/** Runs the job once (a repeated delivery does nothing); done records `{rows, destination}` and `reports.synced`. */
export function run(jobId: string, waitMs = WAIT_FOR_RUNNING_MS): Promise<Job.Info | undefined> {
  return Job.run(
    jobId,
    KIND,
    { leaseMs: LEASE_MS, reasonOf: (err) => (err instanceof SheetsError ? err.message : undefined) },
    async ({ job, report }) => {
      await report({ phase: "waiting", completed: 0, total: null });
      const synced = await syncReports(waitMs, (phase, completed, total) => report({ phase, completed, total }));
      await Audit.record({ action: "reports.synced", actor: job.actor, target: "all reports", rows: synced.rows });
      return synced;
    },
  );
}
