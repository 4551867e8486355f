import { useCallback, useRef, useState } from "react";
import { addChunk, progressPercentOf, type OperationProgress } from "../lib/progress";

/** What one step of a long operation reports back. */
export interface StepResult {
  operationId: string;
  done: boolean;
  /** progress after this step (replaces the previous one) */
  progress: OperationProgress;
}

export type Step = (state: { operationId: string | undefined; progress: OperationProgress }) => Promise<StepResult>;

export type RunResult = { ok: true; error: null } | { ok: false; error: Error };

export interface ChunkedOperation {
  running: boolean;
  progress: OperationProgress;
  /** 0–100 for a progress bar */
  percent: number;
  error: Error | null;
  /** Runs `step` until it reports done; never rejects: `ok` false carries the failure. */
  run: (step: Step) => Promise<RunResult>;
  reset: () => void;
}

const START: OperationProgress = { completed: 0, total: null };
/** A runaway server (never done) must not spin the browser forever. */
const MAX_STEPS = 100_000;

/**
 * Drives a server operation that works in chunks — `DELETE /api/admin/petitions/{id}`,
 * `POST /api/admin/signatures/delete-all`, paged exports — calling again with the operationId the
 * server gave until it says done, and exposing progress for a progress bar.
 */
export function useChunkedOperation(): ChunkedOperation {
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState<OperationProgress>(START);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const busy = useRef(false);

  const reset = useCallback(() => {
    if (busy.current) return;
    setProgress(START);
    setDone(false);
    setError(null);
  }, []);

  const run = useCallback(async (step: Step): Promise<RunResult> => {
    if (busy.current) return { ok: false, error: new Error("Another operation is still running") } as RunResult;
    busy.current = true;
    setRunning(true);
    setDone(false);
    setError(null);
    setProgress(START);
    let state: { operationId: string | undefined; progress: OperationProgress } = { operationId: undefined, progress: START };
    try {
      for (let i = 0; i < MAX_STEPS; i += 1) {
        const result = await step(state);
        state = { operationId: result.operationId, progress: result.progress };
        setProgress(result.progress);
        if (result.done) {
          setDone(true);
          return { ok: true, error: null } as RunResult;
        }
      }
      throw new Error("The operation did not finish");
    } catch (cause) {
      const failure = cause instanceof Error ? cause : new Error(String(cause));
      setError(failure);
      return { ok: false, error: failure } as RunResult;
    } finally {
      busy.current = false;
      setRunning(false);
    }
  }, []);

  return { running, progress, percent: progressPercentOf(progress, done), error, run, reset };
}

/** A step for the delete endpoints' `{operationId, deleted, remaining, done}` answers. */
export function deleteStep(
  call: (operationId: string | undefined) => Promise<{ operationId: string; deleted: number; remaining: number; done: boolean }>,
): Step {
  return async ({ operationId, progress }) => {
    const answer = await call(operationId);
    return { operationId: answer.operationId, done: answer.done, progress: addChunk(progress, answer.deleted, answer.remaining) };
  };
}
