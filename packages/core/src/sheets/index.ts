export * as Sheets from "./index";

import { settings } from "../config";
import { faultFor } from "../faults/injector";
import { GoogleError } from "./errors";
import * as Google from "./google";
import * as GoogleFile from "./google-file";
import * as Local from "./local";

export { SheetsError } from "./errors";
export { Events } from "./events";
import { Bus } from "../bus";
import { Events } from "./events";

/** Asks for these tabs (their ids, privacy/kinds.ts) to be rewritten soon: records left them outside a sync. */
export const resyncSoon = (tabs: string[]) => Bus.publish(Events.RowsRemoved, { tabs });
import type { ReplaceOptions, ReplaceResult, RowSource } from "./port";
export type { ReplaceOptions, ReplaceResult, RowSource } from "./port";

/**
 * The spreadsheet port: rewrites one tab with a header and rows (all at once, or streamed page by
 * page, so a tab of any length needs one page of memory), reporting the rows written as it goes. Google Sheets when deployed (SHEETS_DRIVER=google), a CSV file per tab in SHEETS_DIR
 * locally (SHEETS_DRIVER=local). Deployed, a tab of GOOGLE_SHEETS_SPREADSHEET_ID rewritten in place,
 * or with SHEETS_FRESH_FILE_PER_SYNC a new spreadsheet file per sync, the previous one deleted.
 */
export async function replaceTab(tab: string, header: string[], rows: RowSource, options: ReplaceOptions = {}): Promise<ReplaceResult> {
  // a run's injected fault (faults/): Google's answer once its own retries (google-api.ts) are spent
  const fault = await faultFor("sheets");
  if (fault)
    throw new GoogleError(
      fault === "429" ? "Google Sheets answered 429: quota exceeded, try again later" : "Google Sheets answered 500: internal error",
      Number(fault),
    );
  const s = settings();
  if (s.SHEETS_DRIVER === "local") return Local.replaceTab(tab, header, rows, options);
  return s.SHEETS_FRESH_FILE_PER_SYNC ? GoogleFile.replaceTab(tab, header, rows, options) : Google.replaceTab(tab, header, rows, options);
}

/** Why a sync cannot run with the current settings, or undefined when it can. */
export function notConfigured(): string | undefined {
  const s = settings();
  if (s.SHEETS_DRIVER === "local") return undefined;
  if (s.SHEETS_FRESH_FILE_PER_SYNC) {
    if (!s.GOOGLE_SHEETS_FOLDER_ID) return "GOOGLE_SHEETS_FOLDER_ID is not set (SHEETS_FRESH_FILE_PER_SYNC is true)";
  } else if (!s.GOOGLE_SHEETS_SPREADSHEET_ID) return "GOOGLE_SHEETS_SPREADSHEET_ID is not set";
  if (!s.GOOGLE_SERVICE_ACCOUNT) return "GOOGLE_SERVICE_ACCOUNT is not set";
  return undefined;
}

/** Names the destination (spreadsheet, Drive folder or directory) and tab, e.g. to coordinate syncs of one tab. */
export function target(tab: string): string {
  const s = settings();
  if (s.SHEETS_DRIVER === "local") return `local:${s.SHEETS_DIR}#${tab}`;
  return s.SHEETS_FRESH_FILE_PER_SYNC ? GoogleFile.fileTarget(s.GOOGLE_SHEETS_FOLDER_ID ?? "", tab) : `google:${s.GOOGLE_SHEETS_SPREADSHEET_ID ?? ""}#${tab}`;
}
