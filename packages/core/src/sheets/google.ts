import { SheetsError } from "./errors";
import { settings } from "../config";
import { call, REQUEST_TIMEOUT_MS } from "./google-api";
import { pagesOf, totalOf, type ReplaceOptions, type RowSource } from "./port";

/** Rows per values.update request at most: a big tab goes in many requests, one after the other. */
export const ROWS_PER_REQUEST = 5000;
/** JSON bytes of the values per request at most (Google advises payloads under 2 MB). */
export const MAX_REQUEST_BYTES = 1_000_000;

export interface SheetProperties {
  sheetId?: number;
  title?: string;
  index?: number;
}
export interface Spreadsheet {
  sheets?: { properties?: SheetProperties }[];
}
export interface BatchUpdateReply {
  replies?: { addSheet?: { properties?: { sheetId?: number } } }[];
}

/**
 * Splits rows into consecutive blocks of at most `maxRows` rows and about `maxBytes` of JSON each
 * (a single row larger than that still goes alone).
 */
export function blocks(values: readonly (readonly string[])[], maxRows = ROWS_PER_REQUEST, maxBytes = MAX_REQUEST_BYTES): string[][][] {
  const out: string[][][] = [];
  const blocker = blockBuilder(maxRows, maxBytes);
  for (const row of values) {
    const full = blocker.add(row);
    if (full) out.push(full);
  }
  const last = blocker.rest();
  if (last) out.push(last);
  return out;
}

/** `blocks` a row at a time: `add` answers the block a row closed (the row starts the next one). */
function blockBuilder(maxRows: number, maxBytes: number) {
  let block: string[][] = [];
  let bytes = 0;
  return {
    add(row: readonly string[]): string[][] | undefined {
      const size = Buffer.byteLength(JSON.stringify(row)) + 1;
      let full: string[][] | undefined;
      if (block.length && (block.length >= maxRows || bytes + size > maxBytes)) {
        full = block;
        block = [];
        bytes = 0;
      }
      block.push([...row]);
      bytes += size;
      return full;
    },
    rest: () => (block.length ? block : undefined),
  };
}

/** The header and the rows in `blocks`, as the rows are read: one block (and one page) in memory. */
async function* blockStream(header: string[], rows: RowSource): AsyncGenerator<string[][]> {
  const blocker = blockBuilder(ROWS_PER_REQUEST, MAX_REQUEST_BYTES);
  blocker.add(header);
  for await (const page of pagesOf(rows)) {
    for (const row of page) {
      const full = blocker.add(row);
      if (full) yield full;
    }
  }
  const last = blocker.rest();
  if (last) yield last;
}

/** `'My tab'` as A1 notation wants a sheet name: quoted, inner quotes doubled. */
export const quoteTab = (tab: string) => `'${tab.replace(/'/g, "''")}'`;

/** The tab a sync writes into before it is swapped in; a run's leftover (a Lambda that timed out) is removed by the next run. */
export const freshTitle = (tab: string) => `${tab} (syncing)`;

/** Rows added to the fresh tab at a time when the rows outgrow the count it was created with. */
const GROW_ROWS = ROWS_PER_REQUEST * 4;

/** The Sheets API path of a spreadsheet. */
export const sheetPath = (id: string) => `/spreadsheets/${encodeURIComponent(id)}`;

/**
 * Writes the header and the rows into the tab `title` (`sheetId`, `rowCount` rows in its grid) of
 * spreadsheet `id` from A1 on, in blocks as the rows are read (values.update, RAW, so nothing a
 * signer typed is ever run as a formula), growing its grid (appendDimension) when more rows arrive
 * than it has, and reporting progress. Answers the rows written, the header counted, and the rows
 * of the tab's grid now.
 */
export async function writeBlocks(
  id: string,
  tab: { sheetId: number; title: string; rowCount: number },
  header: string[],
  rows: RowSource,
  total: number,
  options: ReplaceOptions,
): Promise<{ written: number; rowCount: number }> {
  const sheet = sheetPath(id);
  const timeout = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  let rowCount = tab.rowCount;
  let start = 0;
  for await (const block of blockStream(header, rows)) {
    if (start + block.length > rowCount) {
      const length = Math.max(GROW_ROWS, start + block.length - rowCount);
      await call<BatchUpdateReply>(
        "POST",
        `${sheet}:batchUpdate`,
        { requests: [{ appendDimension: { sheetId: tab.sheetId, dimension: "ROWS", length } }] },
        undefined,
        true,
        timeout,
      );
      rowCount += length;
    }
    const range = `${quoteTab(tab.title)}!A${start + 1}`;
    await call(
      "PUT",
      `${sheet}/values/${encodeURIComponent(range)}`,
      { range, majorDimension: "ROWS", values: block },
      { valueInputOption: "RAW" },
      true,
      timeout,
    );
    start += block.length;
    await options.onProgress?.(start - 1, Math.max(total, start - 1));
  }
  return { written: start, rowCount };
}

/**
 * Rewrites one tab of the spreadsheet GOOGLE_SHEETS_SPREADSHEET_ID without a reader ever seeing it
 * half-written: the header and rows go into a fresh tab "<tab> (syncing)" (batchUpdate addSheet, as
 * many columns as the header and as many rows as `total`, grown if more arrive), in blocks as the rows
 * are read (values.update, RAW, so nothing a signer typed is ever run as a formula), reporting
 * progress; then one batchUpdate deletes the old tab and gives the fresh one its name, its position
 * and exactly the rows written. On a failure the fresh tab is deleted and the old one is untouched.
 */
export async function replaceTab(tab: string, header: string[], rows: RowSource, options: ReplaceOptions = {}): Promise<{ rows: number; destination: string }> {
  const id = settings().GOOGLE_SHEETS_SPREADSHEET_ID;
  if (!id) throw new SheetsError("GOOGLE_SHEETS_SPREADSHEET_ID is not set");
  const sheet = sheetPath(id);
  const timeout = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const listTabs = async () =>
    (await call<Spreadsheet>("GET", sheet, undefined, { fields: "sheets.properties(sheetId,title,index)" }, true, timeout)).sheets?.map(
      (s) => s.properties ?? {},
    ) ?? [];
  const batchUpdate = (requests: unknown[], repeatable: boolean) =>
    call<BatchUpdateReply>("POST", `${sheet}:batchUpdate`, { requests }, undefined, repeatable, timeout);

  const fresh = freshTitle(tab);
  const before = await listTabs();
  const old = before.find((s) => s.title === tab);
  const leftover = before.find((s) => s.title === fresh);
  const columnCount = Math.max(1, header.length);
  const total = totalOf(rows, options);
  const rowCount = total + 1;
  // not repeatable: a repeat of an add that went through would fail as a duplicate (the next run removes it)
  const added = await batchUpdate(
    [
      ...(leftover ? [{ deleteSheet: { sheetId: leftover.sheetId } }] : []),
      { addSheet: { properties: { title: fresh, gridProperties: { rowCount, columnCount } } } },
    ],
    false,
  );
  const freshId = added.replies?.at(-1)?.addSheet?.properties?.sheetId;
  if (freshId === undefined) throw new SheetsError("Google Sheets did not say which tab it added");

  let start: number;
  try {
    start = (await writeBlocks(id, { sheetId: freshId, title: fresh, rowCount }, header, rows, total, options)).written;
    const swap = [
      ...(old ? [{ deleteSheet: { sheetId: old.sheetId } }] : []),
      {
        updateSheetProperties: {
          properties: { sheetId: freshId, title: tab, ...(old?.index === undefined ? {} : { index: old.index }), gridProperties: { rowCount: start } },
          fields: `title,${old?.index === undefined ? "" : "index,"}gridProperties.rowCount`,
        },
      },
    ];
    try {
      await batchUpdate(swap, true);
    } catch (err) {
      // a swap that went through but whose answer was lost fails when repeated: it is done all the same
      const now = await listTabs().catch(() => []);
      if (now.find((s) => s.sheetId === freshId)?.title !== tab) throw err;
    }
  } catch (err) {
    await removeFresh(listTabs, batchUpdate, freshId, fresh).catch(() => {});
    throw err;
  }
  const destination = `https://docs.google.com/spreadsheets/d/${id}/edit#gid=${freshId}`;
  return { rows: start - 1, destination };
}

/** Deletes the fresh tab of a failed sync, if it still has its temporary title (never the live tab). */
async function removeFresh(
  listTabs: () => Promise<SheetProperties[]>,
  batchUpdate: (requests: unknown[], repeatable: boolean) => Promise<unknown>,
  freshId: number,
  fresh: string,
) {
  if ((await listTabs()).find((s) => s.sheetId === freshId)?.title !== fresh) return;
  await batchUpdate([{ deleteSheet: { sheetId: freshId } }], true);
}
