import { mkdir, open, rename, rm } from "node:fs/promises";
import { join } from "node:path";
import { settings } from "../config";
import { csvCell } from "../util/csv";
import { SheetsError } from "./errors";
import { pagesOf, totalOf, type ReplaceOptions, type RowSource } from "./port";

/** The file a tab is written to: `<SHEETS_DIR>/<tab in lower case>.csv` ("Signatures" → signatures.csv). */
export const fileFor = (dir: string, tab: string) => join(dir, `${tab.toLowerCase().replace(/[^a-z0-9._-]+/g, "-")}.csv`);

/**
 * The local stand-in for a spreadsheet tab: a CSV file, replaced whole. It is written to a temporary
 * file first and renamed, so a failed sync leaves the previous file as it was.
 */
export async function replaceTab(tab: string, header: string[], rows: RowSource, options: ReplaceOptions = {}): Promise<{ rows: number; destination: string }> {
  const dir = settings().SHEETS_DIR;
  const destination = fileFor(dir, tab);
  const temporary = `${destination}.${process.pid}.${Date.now()}.tmp`;
  const line = (cells: readonly unknown[]) => cells.map(csvCell).join(",") + "\r\n";
  let written = 0;
  try {
    await mkdir(dir, { recursive: true });
    const file = await open(temporary, "w");
    try {
      await file.write(line(header));
      for await (const page of pagesOf(rows)) {
        if (page.length) await file.write(page.map(line).join(""));
        written += page.length;
      }
    } finally {
      await file.close();
    }
    await rename(temporary, destination);
  } catch (err) {
    await rm(temporary, { force: true }).catch(() => {});
    throw new SheetsError(`could not write ${destination}: ${(err as Error).message}`);
  }
  await options.onProgress?.(written, Math.max(written, totalOf(rows, options)));
  return { rows: written, destination };
}
