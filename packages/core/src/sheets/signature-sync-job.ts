import { z } from "zod";
import { Audit } from "../audit";
import { Bus } from "../bus";
import { Job } from "../jobs";
import { SheetsError } from "./errors";
import { LEASE_MS, syncSignatures } from "./signatures";

/**
 * "Sync to Sheet" as a job: the API request records a queued job and its
 * `sheets.sync_requested` event (outbox) in one transaction; the `sheets-sync-job` subscriber (15-minute timeout) runs the sync under
 * the tab's lock (shared with the coalesced sync after signatures) and reports its progress into the
 * job, which the console polls.
 */
export const KIND = "sheets.signatures";

export const Events = {
  SyncRequested: Bus.event("sheets.sync_requested", z.object({ jobId: Job.Id })),
};

/** How long a job waits for a sync already running on the tab (the coalesced one) to finish. */
export const WAIT_FOR_RUNNING_MS = 5 * 60_000;

/** Records a queued sync job started by `actor`, with the event that runs it. */
export function request(actor: string): Promise<Job.Info> {
  return Job.create({ kind: KIND, actor }, Events.SyncRequested, (jobId) => ({ jobId }));
}

/**
 * Runs the job once (a repeated delivery does nothing): waiting for a running sync, reading the
 * rows, writing them in blocks. Done records `{rows, destination}` and the audit entry naming the
 * administrator who started it; a failure records the reason. Either way the tab's lock is free.
 */
export function run(jobId: string, waitMs = WAIT_FOR_RUNNING_MS): Promise<Job.Info | undefined> {
  return Job.run(
    jobId,
    KIND,
    { leaseMs: LEASE_MS, reasonOf: (err) => (err instanceof SheetsError ? err.message : undefined) },
    async ({ job, report }) => {
      await report({ phase: "waiting", completed: 0, total: null });
      const synced = await syncSignatures(waitMs, (phase, completed, total) => report({ phase, completed, total }));
      await Audit.record({ action: "signatures.synced", actor: job.actor, target: "all petitions", rows: synced.rows });
      return synced;
    },
  );
}
