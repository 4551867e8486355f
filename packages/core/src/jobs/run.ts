import { errorAttributes, log } from "../log";
import type { Info, Progress } from "./info";
import { progressWriter } from "./progress-writer";
import { get } from "./store";
import { claim, fail, finish, report } from "./transitions";

const UNEXPECTED = "unexpected error (see the server log)";

/** The lease of a job run by one of the 15-minute subscribers (exports, searches, sheet syncs): their whole timeout. */
export const SUBSCRIBER_LEASE_MS = 15 * 60_000;

export interface RunOptions {
  /** ≥ the runner's time limit: a run still "running" after it is read as crashed. */
  leaseMs: number;
  /** The failure's reason as the administrator reads it; undefined for "unexpected error". */
  reasonOf?: (err: unknown) => string | undefined;
}

export interface RunContext {
  job: Info;
  /** Writes the job's progress now (a phase's start or end). */
  report: (progress: Progress) => Promise<void>;
  /** Writes the job's progress if PROGRESS_EVERY_MS have passed since the last write (inside a loop over pages). */
  tick: (progress: Progress) => Promise<void>;
}

/**
 * Runs job `id` once: claims it, runs `work` (which reports its progress), then marks it done with
 * the result `work` returns, or failed with the reason. A failure is an outcome, not an exception:
 * the job is over and the administrator may start another. Resolves undefined when the job was
 * not this runner's to run (already claimed, finished, expired or of another kind).
 */
export async function run<R extends Record<string, unknown>>(
  id: string,
  kind: string,
  options: RunOptions,
  work: (context: RunContext) => Promise<R>,
): Promise<Info | undefined> {
  const job = await claim(id, kind, options.leaseMs);
  if (!job) {
    log.info("job not claimed", { jobId: id, kind });
    return undefined;
  }
  let last: Progress = job.progress;
  const writer = progressWriter((progress: Progress) => report(id, progress));
  const context: RunContext = {
    job,
    report: (progress) => writer.report((last = progress)),
    tick: (progress) => writer.tick((last = progress)),
  };
  try {
    const result = await work(context);
    const progress = { phase: "done", completed: last.total ?? last.completed, total: last.total ?? last.completed };
    await finish(id, result, progress);
  } catch (err) {
    const reason = options.reasonOf?.(err);
    log.error("job failed", { jobId: id, kind, ...errorAttributes(err) });
    await fail(id, reason ?? UNEXPECTED);
  }
  return get(id);
}
