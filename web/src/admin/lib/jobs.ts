import { formatCount } from "../../lib/format";
import type { OperationProgress } from "./progress";

/** `GET /api/admin/jobs/{id}` (docs/admin-api.md): a long operation the server runs in the background. */
export interface JobInfo {
  id: string;
  kind: string;
  actor: string;
  status: "queued" | "running" | "done" | "failed";
  createdAt: string;
  progress: { phase: string; completed: number; total: number | null };
  result?: Record<string, unknown>;
  error?: string;
}

/** How often the console asks for a running job's progress. */
export const JOB_POLL_MS = 1000;

export const isFinished = (job: Pick<JobInfo, "status"> | undefined): boolean => job?.status === "done" || job?.status === "failed";

/** A job's progress for OperationProgressBar; nothing known yet before the first answer. */
export function jobProgress(job: JobInfo | undefined): OperationProgress {
  return { completed: job?.progress.completed ?? 0, total: job?.progress.total ?? null };
}

/** The progress bar's label for a spreadsheet sync job in `phase`, which copies `records` ("signatures", "scam reports"). */
export function syncPhaseLabel(phase: string | undefined, records = "signatures"): string {
  const phases: Record<string, string> = {
    queued: "Sync queued",
    waiting: "Waiting for another sync to finish",
    reading: `Reading ${records}`,
    writing: `Writing ${records} to the sheet`,
  };
  return phases[phase ?? "queued"] ?? `Syncing ${records}`;
}

/** The success notice (spec: "Signatures synced successfully!"), with how many rows the sheet got. */
export function syncedMessage(job: Pick<JobInfo, "result">): string {
  const rows = Number(job.result?.rows);
  return Number.isFinite(rows)
    ? `Signatures synced successfully! ${formatCount(rows)} ${rows === 1 ? "row" : "rows"} written.`
    : "Signatures synced successfully!";
}
