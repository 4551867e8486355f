import { useCallback, useState } from "react";
import type { ExportName, RegisteredExportName } from "@site/core/exports/names";
import { downloadFrom } from "../../lib/download";
import { adminRequest } from "../adminApi";
import { apiPath } from "../api/paths";
import { useBackgroundJob } from "../hooks/useBackgroundJob";
import type { OperationProgress } from "../lib/progress";
import { queryFields, type Query } from "../lib/query";

export interface CollectionExport {
  /** starting, running, or fetching the file's link: the button waits and the progress bar shows */
  running: boolean;
  progress: OperationProgress;
  percent: number;
  /** the failure's message, or null */
  error: string | null;
  /** Exports every row matching `query` as a job (audited on the server); the file downloads under `fileName` when it is done. */
  start: (fileName: string) => Promise<void>;
  reset: () => void;
}

/**
 * "Export all matching" for an admin collection (none: nothing to export): a server job that writes
 * the file into the private bucket, followed with its progress, then downloaded through its
 * five-minute link. The browser never holds the rows.
 */
export function useCollectionExport(kind: ExportName | RegisteredExportName | undefined, query: Query, options: { fallbackMessage: string }): CollectionExport {
  const [error, setError] = useState<string | null>(null);
  const [fetching, setFetching] = useState(false);
  const { fallbackMessage } = options;
  const job = useBackgroundJob(apiPath("startExport"), {
    fallbackMessage,
    onDone: (done) => {
      setFetching(true);
      adminRequest<{ url: string; fileName: string }>(apiPath("downloadExport", { id: done.id }), { fallbackMessage })
        .then((link) => downloadFrom(link.url, link.fileName))
        .catch((cause: Error) => setError(cause?.message || fallbackMessage))
        .finally(() => setFetching(false));
    },
    onFailed: (reason) => setError(reason || fallbackMessage),
  });
  const queryKey = JSON.stringify(queryFields(query));
  const { start: startJob } = job;
  const start = useCallback(
    async (fileName: string) => {
      if (!kind) return;
      setError(null);
      await startJob({ kind, query: JSON.parse(queryKey) as Record<string, string>, fileName });
    },
    [kind, queryKey, startJob],
  );
  const reset = useCallback(() => setError(null), []);
  return { running: job.running || fetching, progress: job.progress, percent: job.percent, error, start, reset };
}
