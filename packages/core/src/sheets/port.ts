/** What every spreadsheet adapter's `replaceTab` takes besides the rows. */
export interface ReplaceOptions {
  /** Called as rows are written, with the data rows written so far (the header not counted). */
  onProgress?: (written: number, total: number) => Promise<void> | void;
  /** Per request to a remote service; tests shorten it. */
  requestTimeoutMs?: number;
  /** How many rows a streamed source holds (for progress); an array's length otherwise. */
  total?: number;
}

/**
 * What a rewrite answers: the data rows written and where they are (a CSV file, or the spreadsheet
 * and tab to open); with a fresh file per sync (google-file.ts) also the folder that always holds
 * the tab's current file.
 */
export type ReplaceResult = { rows: number; destination: string; folder?: string };

/** A tab's rows: all at once, or page after page as they are read (memory: one page). */
export type RowSource = readonly string[][] | AsyncIterable<readonly string[][]>;

/** The rows a page at a time, whichever the source. */
export async function* pagesOf(rows: RowSource): AsyncGenerator<readonly string[][]> {
  if (Symbol.asyncIterator in rows) yield* rows;
  else yield rows;
}

/** How many rows the progress counts toward: the array's length, or what the caller said. */
export const totalOf = (rows: RowSource, options: ReplaceOptions) => options.total ?? (Array.isArray(rows) ? rows.length : 0);
