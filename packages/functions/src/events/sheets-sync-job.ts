import { Job } from "@site/core/jobs";
import { log } from "@site/core/log";
import { sheetJob } from "@site/core/privacy/kinds";
import { Events } from "@site/core/sheets/sync-job";
import { EventHandler } from "../lib/events";

/**
 * Runs an administrator's "Sync to Sheet" job (Lambda timeout 15 minutes) with the runner of its
 * kind: every kind's tabs share the start event (privacy/kinds.ts `sheetJob`, registered kinds' too).
 * A repeated delivery finds the job claimed and does nothing; a failed sync is recorded in the job,
 * not retried.
 */
export const handler = EventHandler(Events.SyncRequested, async ({ jobId }) => {
  const { kind } = await Job.get(jobId);
  const job = sheetJob(kind);
  if (!job) {
    log.error("no runner for this kind of job", { jobId, kind });
    return;
  }
  await job.run(jobId);
});
