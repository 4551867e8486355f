import { useCallback, useState } from "react";
import { adminRequest, type ChunkAnswer } from "../adminApi";
import { deleteStep, useChunkedOperation } from "../hooks/useChunkedOperation";
import type { OperationProgress } from "../lib/progress";
import type { PagedList } from "../api/usePagedList";

export interface DeleteAll {
  /** the typed-CONFIRM dialog is open */
  opened: boolean;
  open: () => void;
  close: () => void;
  running: boolean;
  progress: OperationProgress;
  percent: number;
  /**
   * POSTs `{confirm: typed, ...scope, operationId?}` chunk after chunk until done, then closes the
   * dialog and empties the list (back to page 1); never rejects.
   */
  confirm: (typed: string) => Promise<void>;
}

export interface DeleteAllOptions<Row> {
  /** the list the deletion empties */
  collection: { list: Pick<PagedList<Row>, "update">; setPage: (page: number) => void };
  fallbackMessage: string;
  onDone?: () => void;
  /** the API's message, or the fallback */
  onFailed: (message: string) => void;
}

/** Delete All of an admin collection's chunked delete route (none: nothing to confirm): the dialog's state, progress and outcome. */
export function useDeleteAll<Row>(path: string | undefined, scope: Record<string, string | undefined>, options: DeleteAllOptions<Row>): DeleteAll {
  const operation = useChunkedOperation();
  const [opened, setOpened] = useState(false);
  const scopeKey = JSON.stringify(scope);
  const { run, reset } = operation;
  const { collection, fallbackMessage, onDone, onFailed } = options;

  const confirm = useCallback(
    async (typed: string) => {
      if (!path) return;
      const result = await run(
        deleteStep((operationId) =>
          adminRequest<ChunkAnswer>(path, {
            method: "POST",
            body: { confirm: typed, ...(JSON.parse(scopeKey) as Record<string, string>), ...(operationId ? { operationId } : {}) },
            fallbackMessage,
          }),
        ),
      );
      setOpened(false);
      reset();
      if (result.ok) {
        collection.setPage(1);
        collection.list.update((current) => ({ ...current, items: [], total: 0 }));
        onDone?.();
      } else {
        onFailed(result.error.message || fallbackMessage);
      }
    },
    [run, reset, path, scopeKey, fallbackMessage, collection, onDone, onFailed],
  );

  return {
    opened,
    open: useCallback(() => setOpened(true), []),
    close: useCallback(() => setOpened(false), []),
    running: operation.running,
    progress: operation.progress,
    percent: operation.percent,
    confirm,
  };
}
