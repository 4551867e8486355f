/**
 * How a client collects an "export all matching" from a collection's export route, page by page
 * (browser-safe: the admin console runs it, and so does `npm run bench:admin`).
 */

/** One page of `GET /api/admin/<collection>/export`: the list's page plus the audited operation's id. */
export interface ExportAnswer<T> {
  operationId: string;
  items: T[];
  total: number;
}

/** What a step asks the server for: page `page` (1-based) of the export, continuing `operationId`. */
export type FetchExportPage<T> = (page: number, operationId: string | undefined) => Promise<ExportAnswer<T>>;

export interface ExportStepResult {
  operationId: string;
  done: boolean;
  /** rows collected of the server's current total */
  progress: { completed: number; total: number };
}

/** Pages asked for at once once the operation is known (the server reads each page's records in parallel too). */
export const EXPORT_PARALLEL_PAGES = 3;

/**
 * One step of an export run. The first step asks for page 1, which starts the audited operation and
 * tells the total; each later step asks for up to `parallel` pages at once (never past the total) and
 * appends their rows to `sink` in page order. Done after a short page or once the total is reached.
 */
export function exportStep<T>(
  fetchPage: FetchExportPage<T>,
  sink: T[],
  pageSize: number,
  parallel = EXPORT_PARALLEL_PAGES,
): (state: { operationId: string | undefined }) => Promise<ExportStepResult> {
  let total = Infinity;
  return async ({ operationId }) => {
    const first = Math.floor(sink.length / pageSize) + 1;
    const count = operationId === undefined ? 1 : Math.max(1, Math.min(parallel, Math.ceil((total - sink.length) / pageSize)));
    const answers = await Promise.all(Array.from({ length: count }, (_, i) => fetchPage(first + i, operationId)));
    let short = false;
    for (const answer of answers) {
      if (short) break; // rows were deleted meanwhile: nothing after a short page is new
      sink.push(...answer.items);
      short = answer.items.length < pageSize;
    }
    const last = answers.at(-1)!;
    total = last.total;
    const completed = sink.length;
    return { operationId: last.operationId, done: short || completed >= last.total, progress: { completed, total: Math.max(last.total, completed) } };
  };
}

/** Every row of an export, step after step (what the console's progress bar follows, without the bar). */
export async function exportAll<T>(fetchPage: FetchExportPage<T>, pageSize: number, parallel = EXPORT_PARALLEL_PAGES): Promise<T[]> {
  const rows: T[] = [];
  const step = exportStep(fetchPage, rows, pageSize, parallel);
  let operationId: string | undefined;
  for (;;) {
    const result = await step({ operationId });
    operationId = result.operationId;
    if (result.done) return rows;
  }
}
