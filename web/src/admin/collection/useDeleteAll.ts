import { useCallback } from "react";
import { adminRequest, type ChunkAnswer } from "../adminApi";
import { deleteStep, useChunkedOperation, type RunResult } from "../hooks/useChunkedOperation";
import type { OperationProgress } from "../lib/progress";

export interface DeleteAll {
  running: boolean;
  progress: OperationProgress;
  percent: number;
  /** POSTs `{confirm: typed, ...scope, operationId?}` chunk after chunk until done; never rejects. */
  run: (typed: string) => Promise<RunResult>;
  reset: () => void;
}

/** Delete-all for an admin collection's chunked delete route, with progress. */
export function useDeleteAll(path: string, scope: Record<string, string | undefined>, options: { fallbackMessage: string }): DeleteAll {
  const operation = useChunkedOperation();
  const scopeKey = JSON.stringify(scope);
  const { run: runOperation } = operation;

  const run = useCallback(
    (typed: string) =>
      runOperation(
        deleteStep((operationId) =>
          adminRequest<ChunkAnswer>(path, {
            method: "POST",
            body: { confirm: typed, ...(JSON.parse(scopeKey) as Record<string, string>), ...(operationId ? { operationId } : {}) },
            fallbackMessage: options.fallbackMessage,
          }),
        ),
      ),
    [runOperation, path, scopeKey, options.fallbackMessage],
  );

  return { running: operation.running, progress: operation.progress, percent: operation.percent, run, reset: operation.reset };
}
