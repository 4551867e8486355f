import * as SyncJob from "@site/core/sheets/signature-sync-job";
import { EventHandler } from "../lib/events";

/**
 * Runs an administrator's "Sync to Sheet" job (Lambda timeout 15 minutes). A repeated delivery
 * finds the job claimed and does nothing; a failed sync is recorded in the job, not retried.
 */
export const handler = EventHandler(SyncJob.Events.SyncRequested, async ({ jobId }) => {
  await SyncJob.run(jobId);
});
