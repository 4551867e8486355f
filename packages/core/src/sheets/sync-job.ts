import { z } from "zod";
import { Audit } from "../audit";
import { Bus } from "../bus";
import { Job } from "../jobs";
import { SheetsError } from "./errors";
import { LEASE_MS, type SyncProgress, type SyncResult } from "./tab-sync";

/**
 * "Sync to Sheet" as a job, for any tab: the API request records a queued job and its
 * `sheets.sync_requested` event (outbox) in one transaction; the `sheets-sync-job` subscriber
 * (15-minute timeout) hands it to the runner of the job's kind, which syncs under the tab's lock
 * (shared with the coalesced sync after each record) and reports its progress into the job, which
 * the console polls.
 */
export const Events = {
  SyncRequested: Bus.event("sheets.sync_requested", z.object({ jobId: Job.Id })),
};

/** How long a job waits for a sync already running on the tab (the coalesced one) to finish. */
export const WAIT_FOR_RUNNING_MS = 5 * 60_000;

export interface TabSyncJobOptions {
  kind: string;
  sync: (waitMs: number, progress: SyncProgress) => Promise<SyncResult>;
  /** The audit entry of a finished sync, naming the administrator who started it. */
  audit: { action: Audit.Action; target: string };
}

export function tabSyncJob({ kind, sync, audit }: TabSyncJobOptions) {
  return {
    KIND: kind,
    /** Records a queued sync job started by `actor`, with the event that runs it. */
    request: (actor: string): Promise<Job.Info> => Job.create({ kind, actor }, Events.SyncRequested, (jobId) => ({ jobId })),
    /**
     * Runs the job once (a repeated delivery does nothing): waiting for a running sync, reading the
     * rows, writing them in blocks. Done records `{rows, destination}` and the audit entry; a failure
     * records the reason. Either way the tab's lock is free.
     */
    run: (jobId: string, waitMs = WAIT_FOR_RUNNING_MS): Promise<Job.Info | undefined> =>
      Job.run(jobId, kind, { leaseMs: LEASE_MS, reasonOf: (err) => (err instanceof SheetsError ? err.message : undefined) }, async ({ job, report }) => {
        await report({ phase: "waiting", completed: 0, total: null });
        const synced = await sync(waitMs, (phase, completed, total) => report({ phase, completed, total }));
        await Audit.record({ action: audit.action, actor: job.actor, target: audit.target, rows: synced.rows });
        return synced;
      }),
  };
}
