import { useCallback } from "react";
import { adminRequest } from "../adminApi";
import { useChunkedOperation } from "../hooks/useChunkedOperation";
import { withQuery, type Query } from "../lib/query";
import type { OperationProgress } from "../lib/progress";
import { exportStep, type ExportAnswer } from "./exportPages";

export const EXPORT_PAGE_SIZE = 1000;

export interface CollectionExport<T> {
  running: boolean;
  progress: OperationProgress;
  percent: number;
  /** the failure's message, or null */
  error: string | null;
  /** Every row matching `query`, page after page (audited as one operation); null when it failed. */
  exportAll: () => Promise<T[] | null>;
  reset: () => void;
}

/** "Export all matching" for an admin collection's export route (none: nothing to export), with progress. */
export function useCollectionExport<T>(path: string | undefined, query: Query, options: { fallbackMessage: string; pageSize?: number }): CollectionExport<T> {
  const operation = useChunkedOperation();
  const pageSize = options.pageSize ?? EXPORT_PAGE_SIZE;
  const queryKey = JSON.stringify(query);
  const { run } = operation;

  const exportAll = useCallback(async () => {
    if (!path) return null;
    const rows: T[] = [];
    const current = JSON.parse(queryKey) as Query;
    const fetchPage = (page: number, operationId: string | undefined) =>
      adminRequest<ExportAnswer<T>>(withQuery(path, { ...current, page, pageSize, operationId }), { fallbackMessage: options.fallbackMessage });
    const result = await run(exportStep(fetchPage, rows, pageSize));
    return result.ok ? rows : null;
  }, [run, path, queryKey, pageSize, options.fallbackMessage]);

  return {
    running: operation.running,
    progress: operation.progress,
    percent: operation.percent,
    error: operation.error ? operation.error.message || options.fallbackMessage : null,
    exportAll,
    reset: operation.reset,
  };
}
