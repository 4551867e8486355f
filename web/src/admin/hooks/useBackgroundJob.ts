import { useCallback, useEffect, useRef, useState } from "react";
import { adminRequest } from "../adminApi";
import { useJob } from "../api/jobs";
import { isFinished, jobProgress, type JobInfo } from "../lib/jobs";
import { progressPercentOf, type OperationProgress } from "../lib/progress";

export interface BackgroundJobOptions {
  /** Message when a failure carries none of its own. */
  fallbackMessage: string;
  onDone: (job: JobInfo) => void;
  /** `reason`: the job's error, or why it could not be started or followed. */
  onFailed: (reason: string) => void;
}

export interface BackgroundJob {
  /** Starting, queued or running: the button stays disabled, the progress bar shows. */
  running: boolean;
  /** The latest answer of `GET /api/admin/jobs/{id}` (undefined before the first). */
  job: JobInfo | undefined;
  progress: OperationProgress;
  percent: number;
  /** POSTs `body` to `startUrl` (answered 202 `{jobId}`), then follows the job until it is done or failed. */
  start: (body?: unknown) => Promise<void>;
}

/**
 * A server job started by a button (a spreadsheet sync): polls the job (useJob)
 * while it runs, stops once it is done or failed, and reports the outcome once.
 */
export function useBackgroundJob(startUrl: string, options: BackgroundJobOptions): BackgroundJob {
  const [jobId, setJobId] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const latest = useRef(options);
  latest.current = options;

  const { data: job, error } = useJob(jobId, options.fallbackMessage);

  useEffect(() => {
    if (!jobId || job?.id !== jobId || !isFinished(job)) return;
    setJobId(null);
    if (job.status === "done") latest.current.onDone(job);
    else latest.current.onFailed(job.error || latest.current.fallbackMessage);
  }, [job, jobId]);

  // The job cannot be followed (gone, or no longer ours to read); a network blip or a 5xx is retried by the next poll.
  useEffect(() => {
    if (!jobId || !error || error.status < 400 || error.status >= 500) return;
    setJobId(null);
    latest.current.onFailed(error.message || latest.current.fallbackMessage);
  }, [error, jobId]);

  const start = useCallback(
    async (body: unknown = {}) => {
      setStarting(true);
      try {
        const answer = await adminRequest<{ jobId: string }>(startUrl, { method: "POST", body, fallbackMessage: latest.current.fallbackMessage });
        setJobId(answer.jobId);
      } catch (cause) {
        latest.current.onFailed((cause as Error)?.message || latest.current.fallbackMessage);
      } finally {
        setStarting(false);
      }
    },
    [startUrl],
  );

  const current = jobId && job?.id === jobId ? job : undefined;
  const progress = jobProgress(current);
  return { running: starting || jobId !== null, job: current, progress, percent: progressPercentOf(progress), start };
}
