import { Job } from "@site/core/jobs";
import { log } from "@site/core/log";
import * as LeadSyncJob from "@site/core/sheets/lead-sync-job";
import * as ReportSyncJob from "@site/core/sheets/report-sync-job";
import * as SyncJob from "@site/core/sheets/signature-sync-job";
import { EventHandler } from "../lib/events";

/** The runner of each kind of sync job; they share the start event. */
const RUNNERS: Record<string, (jobId: string) => Promise<unknown>> = {
  [SyncJob.KIND]: (jobId) => SyncJob.run(jobId),
  [ReportSyncJob.KIND]: (jobId) => ReportSyncJob.run(jobId),
  ...LeadSyncJob.RUNNERS,
};

/**
 * Runs an administrator's "Sync to Sheet" job (Lambda timeout 15 minutes) with the runner of its
 * kind. A repeated delivery finds the job claimed and does nothing; a failed sync is recorded in
 * the job, not retried.
 */
export const handler = EventHandler(SyncJob.Events.SyncRequested, async ({ jobId }) => {
  const { kind } = await Job.get(jobId);
  const run = RUNNERS[kind];
  if (!run) {
    log.error("no runner for this kind of job", { jobId, kind });
    return;
  }
  await run(jobId);
});
