import { z } from "zod";

/**
 * A long operation an administrator starts and watches (a spreadsheet sync today; report, guide
 * and subscriber syncs later). The API request only creates the record and publishes an event; a
 * subscriber with a long timeout runs the work (`run`), reporting progress into the record, which
 * the console polls through `GET /api/admin/jobs/{id}`.
 *
 * queued ──claim──► running ──► done (result)
 *    │                 └──────► failed (error)
 *    └─ not started within START_WITHIN_MS, or running past its lease: read as failed
 */
export const Id = z.string().regex(/^[0-9a-z]{21}$/, "Unknown job");

export type Status = "queued" | "running" | "done" | "failed";

export interface Progress {
  /** what the job is doing now, e.g. "waiting", "reading", "writing" */
  phase: string;
  completed: number;
  /** null until the job knows how much there is */
  total: number | null;
}

export interface Info {
  id: string;
  kind: string;
  /** the administrator who started it (e-mail) */
  actor: string;
  status: Status;
  createdAt: string;
  startedAt?: string;
  finishedAt?: string;
  progress: Progress;
  /** what a finished job produced, e.g. {rows, destination} */
  result?: Record<string, unknown>;
  /** why a failed job failed, in words an administrator can act on */
  error?: string;
  /** what the job was asked to do (e.g. an export's query and file name) */
  params?: Record<string, unknown>;
}

/** A queued job not started by then (even after the outbox sweeper's republishing) is given up: read as failed, never claimed. */
export const START_WITHIN_MS = 30 * 60_000;
export const NEVER_STARTED = "The job did not start in time; please start it again";
export const STOPPED = "The job stopped before it finished (it timed out or crashed); please start it again";

export const QUEUED: Progress = { phase: "queued", completed: 0, total: null };

export function toInfo(item: Record<string, unknown>, now = Date.now()): Info {
  const info: Info = {
    id: item.id as string,
    kind: item.kind as string,
    actor: item.actor as string,
    status: item.status as Status,
    createdAt: item.createdAt as string,
    progress: (item.progress as Progress | undefined) ?? QUEUED,
    ...(item.startedAt ? { startedAt: item.startedAt as string } : {}),
    ...(item.finishedAt ? { finishedAt: item.finishedAt as string } : {}),
    ...(item.result ? { result: item.result as Record<string, unknown> } : {}),
    ...(item.error ? { error: item.error as string } : {}),
    ...(item.params ? { params: item.params as Record<string, unknown> } : {}),
  };
  // Nothing will move these on: the console must see an end rather than poll forever.
  if (info.status === "queued" && Number(item.startBy) < now) return { ...info, status: "failed", error: NEVER_STARTED };
  if (info.status === "running" && Number(item.leaseUntil) < now) return { ...info, status: "failed", error: STOPPED };
  return info;
}
