import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { settings } from "../config";
import { toCsv } from "../util/csv";
import { SheetsError } from "./errors";
import type { ReplaceOptions } from "./port";

/** The file a tab is written to: `<SHEETS_DIR>/<tab in lower case>.csv` ("Signatures" → signatures.csv). */
export const fileFor = (dir: string, tab: string) => join(dir, `${tab.toLowerCase().replace(/[^a-z0-9._-]+/g, "-")}.csv`);

/**
 * The local stand-in for a spreadsheet tab: a CSV file, replaced whole. It is written to a temporary
 * file first and renamed, so a failed sync leaves the previous file as it was.
 */
export async function replaceTab(
  tab: string,
  header: string[],
  rows: string[][],
  options: ReplaceOptions = {},
): Promise<{ rows: number; destination: string }> {
  const dir = settings().SHEETS_DIR;
  const destination = fileFor(dir, tab);
  const temporary = `${destination}.${process.pid}.${Date.now()}.tmp`;
  try {
    await mkdir(dir, { recursive: true });
    await writeFile(temporary, toCsv(header, rows), "utf8");
    await rename(temporary, destination);
  } catch (err) {
    await rm(temporary, { force: true }).catch(() => {});
    throw new SheetsError(`could not write ${destination}: ${(err as Error).message}`);
  }
  await options.onProgress?.(rows.length, rows.length);
  return { rows: rows.length, destination };
}
