import type { Step } from "../hooks/useChunkedOperation";

/** One page of `GET /api/admin/<collection>/export`: the list's page plus the audited operation's id. */
export interface ExportAnswer<T> {
  operationId: string;
  items: T[];
  total: number;
}

/** What a step asks the server for: page `page` (1-based) of the export, continuing `operationId`. */
export type FetchExportPage<T> = (page: number, operationId: string | undefined) => Promise<ExportAnswer<T>>;

/**
 * The step of an "export all matching" run (useChunkedOperation): asks for the page after the rows
 * collected so far, appends its rows to `sink`, and is done after a short page or once the total is
 * reached. Progress is rows collected of the server's current total.
 */
export function exportStep<T>(fetchPage: FetchExportPage<T>, sink: T[], pageSize: number): Step {
  return async ({ operationId }) => {
    const answer = await fetchPage(Math.floor(sink.length / pageSize) + 1, operationId);
    sink.push(...answer.items);
    const completed = sink.length;
    const done = answer.items.length < pageSize || completed >= answer.total;
    return { operationId: answer.operationId, done, progress: { completed, total: Math.max(answer.total, completed) } };
  };
}
