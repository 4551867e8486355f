import { useCallback, useEffect, useRef } from "react";
import { useJob } from "../../../api/jobs";
import { isFinished, jobProgress, type JobInfo } from "../../../lib/jobs";
import { progressPercentOf, type OperationProgress } from "../../../lib/progress";
import { ISSUE_MESSAGES } from "./issuesApi";

export interface SendProgress {
  job: JobInfo | undefined;
  progress: OperationProgress;
  percent: number;
  /** Marks a job this page has just started, so that it is reported even if it ends before the first poll sees it running. */
  started: (jobId: string) => void;
}

/**
 * Follows the job of an issue's send (or latest resume), as useBackgroundJob does for jobs a button
 * starts, but from the issue's own `jobId`, so a reloaded page picks it up again. `onFinished` runs
 * once when a job this page saw running, or started itself, is done or failed (the page then reloads
 * the issue).
 */
export function useSendProgress(jobId: string | undefined, onFinished: (job: JobInfo) => void): SendProgress {
  const latest = useRef(onFinished);
  latest.current = onFinished;
  const { data: job } = useJob(jobId, ISSUE_MESSAGES.progressFailed);
  // only a job seen running is reported: opening the page of a sent issue announces nothing
  const running = useRef<string | null>(null);
  useEffect(() => {
    if (!job || job.id !== jobId) return;
    if (!isFinished(job)) running.current = job.id;
    else if (running.current === job.id) {
      running.current = null;
      latest.current(job);
    }
  }, [job, jobId]);
  const started = useCallback((id: string) => {
    running.current = id;
  }, []);
  const current = job?.id === jobId ? job : undefined;
  const progress = jobProgress(current);
  return { job: current, progress, percent: progressPercentOf(progress), started };
}
