/** What every spreadsheet adapter's `replaceTab` takes besides the rows. */
export interface ReplaceOptions {
  /** Called as rows are written, with the data rows written so far (the header not counted). */
  onProgress?: (written: number, total: number) => Promise<void> | void;
  /** Per request to a remote service; tests shorten it. */
  requestTimeoutMs?: number;
}
