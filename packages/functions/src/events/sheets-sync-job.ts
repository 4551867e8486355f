import { Job } from "@site/core/jobs";
import { log } from "@site/core/log";
import { SHEET_TABS } from "@site/core/privacy/kinds";
import * as SyncJob from "@site/core/signature/sheet-sync-job";
import { EventHandler } from "../lib/events";

/** The runner of each kind of sync job (every kind's tabs, privacy/kinds.ts); they share the start event. */
const RUNNERS = new Map(SHEET_TABS.map((tab) => [tab.job.KIND, tab.job.run]));

/**
 * Runs an administrator's "Sync to Sheet" job (Lambda timeout 15 minutes) with the runner of its
 * kind. A repeated delivery finds the job claimed and does nothing; a failed sync is recorded in
 * the job, not retried.
 */
export const handler = EventHandler(SyncJob.Events.SyncRequested, async ({ jobId }) => {
  const { kind } = await Job.get(jobId);
  const run = RUNNERS.get(kind);
  if (!run) {
    log.error("no runner for this kind of job", { jobId, kind });
    return;
  }
  await run(jobId);
});
