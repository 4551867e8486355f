import { GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { settings } from "../config";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { SheetsError } from "./errors";
import { freshTitle, sheetPath, writeBlocks, type BatchUpdateReply, type Spreadsheet } from "./google";
import { call, driveCall, REQUEST_TIMEOUT_MS, statusOf } from "./google-api";
import { totalOf, type ReplaceOptions, type ReplaceResult, type RowSource } from "./port";

/**
 * A fresh spreadsheet file per sync (SHEETS_FRESH_FILE_PER_SYNC, security review N7). A Google
 * spreadsheet's version history keeps what earlier versions showed, so a tab rewritten in place
 * (google.ts) still shows an erased row to whoever opens an old version. Here every sync of a tab
 * writes a new spreadsheet file in the folder GOOGLE_SHEETS_FOLDER_ID (of a shared drive: a service
 * account owns no files of its own) and then permanently deletes the tab's previous file
 * (files.delete, past the trash), whose revisions go with it. The file is the only thing that holds
 * the tab's rows; the folder is the place the administrators keep open.
 *
 * The tab's current file id is kept on its sync item (Keys.sheetSync(fileTarget(...)), beside the
 * coalescing markers), so the next sync knows which file to delete. A sync's files carry the app
 * property `syncTab` = the tab: the only files it ever deletes are such files of the folder that
 * are not the current one (what a crashed run left) and the previous current one. Files the
 * administrators put in the folder, and the old GOOGLE_SHEETS_SPREADSHEET_ID, are never touched.
 */

export const SPREADSHEET_MIME = "application/vnd.google-apps.spreadsheet";
/** The app property that marks a file as a sync's, naming its tab. */
export const TAB_PROPERTY = "syncTab";

/** Names the syncs of a tab into `folder` (Sheets.target): their lock, markers and current file share one item. */
export const fileTarget = (folder: string, tab: string) => `google-drive:${folder}#${tab}`;

export const fileUrl = (id: string, sheetId: number) => `https://docs.google.com/spreadsheets/d/${id}/edit#gid=${sheetId}`;
export const folderUrl = (folder: string) => `https://drive.google.com/drive/folders/${folder}`;

/** A string literal in a Drive query: quoted, with backslashes and quotes escaped. */
const literal = (value: string) => `'${value.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;

/** Every file (not trashed) a sync of `tab` created in `folder`: the current one and what crashed runs left. */
async function filesOf(folder: string, tab: string, timeout: number): Promise<{ id: string }[]> {
  const q = `${literal(folder)} in parents and trashed = false and appProperties has { key=${literal(TAB_PROPERTY)} and value=${literal(tab)} }`;
  const found: { id: string }[] = [];
  let pageToken: string | undefined;
  do {
    const page = await driveCall<{ files?: { id: string }[]; nextPageToken?: string }>(
      "GET",
      "/files",
      undefined,
      {
        q,
        corpora: "allDrives",
        includeItemsFromAllDrives: "true",
        supportsAllDrives: "true",
        fields: "nextPageToken,files(id)",
        pageSize: "100",
        ...(pageToken ? { pageToken } : {}),
      },
      true,
      timeout,
    );
    found.push(...(page.files ?? []));
    pageToken = page.nextPageToken;
  } while (pageToken);
  return found;
}

/** Deletes a file for good (no trash, revisions and all); one already gone counts as deleted. */
async function deleteFile(id: string, timeout: number) {
  try {
    await driveCall("DELETE", `/files/${encodeURIComponent(id)}`, undefined, { supportsAllDrives: "true" }, true, timeout);
  } catch (err) {
    if (statusOf(err) !== 404) throw err;
  }
}

/** The tab's current file, as the last sync that finished recorded it. */
export async function currentFile(target: string): Promise<string | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: Keys.sheetSync(target), ConsistentRead: true, ProjectionExpression: "fileId" }));
  return typeof Item?.fileId === "string" ? Item.fileId : undefined;
}

async function recordFile(target: string, fileId: string) {
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: Keys.sheetSync(target),
      UpdateExpression: "SET fileId = :id, #type = :type",
      ExpressionAttributeNames: { "#type": "type" },
      ExpressionAttributeValues: { ":id": fileId, ":type": "sheetSync" },
    }),
  );
}

/**
 * Rewrites `tab` as a new file, then deletes its previous file:
 *
 * 1. deletes what crashed runs left (the sync's files in the folder other than the current one);
 * 2. creates the spreadsheet "<tab> (syncing)" in the folder (Drive files.create);
 * 3. names its first tab `tab` with the header's columns and `total` rows, writes the rows in blocks
 *    (google.ts writeBlocks: RAW, bounded requests, progress) and trims the grid to the rows written;
 * 4. names the file `tab` (files.update) and records it as the tab's current file;
 * 5. deletes the previous file for good.
 *
 * Until step 4 the previous file is the tab's, whole. A failure in 2–4 deletes the new file and leaves
 * the previous one; a run that dies (a Lambda timeout) leaves at most one file, which the next run
 * deletes in step 1. A failure in step 5 fails the sync (the bus retries it; the retry's step 1
 * deletes that file), so an erasure's re-sync is not counted done while the old rows are still there.
 */
export async function replaceTab(tab: string, header: string[], rows: RowSource, options: ReplaceOptions = {}): Promise<ReplaceResult> {
  const folder = settings().GOOGLE_SHEETS_FOLDER_ID;
  if (!folder) throw new SheetsError("GOOGLE_SHEETS_FOLDER_ID is not set (SHEETS_FRESH_FILE_PER_SYNC is true)");
  const timeout = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const target = fileTarget(folder, tab);
  const previous = await currentFile(target);

  for (const file of await filesOf(folder, tab, timeout)) if (file.id !== previous) await deleteFile(file.id, timeout);

  const columnCount = Math.max(1, header.length);
  const total = totalOf(rows, options);
  // not repeatable: a repeat of a create that went through would make a second file (the next run deletes it)
  const created = await driveCall<{ id?: string }>(
    "POST",
    "/files",
    { name: freshTitle(tab), mimeType: SPREADSHEET_MIME, parents: [folder], appProperties: { [TAB_PROPERTY]: tab } },
    { supportsAllDrives: "true", fields: "id" },
    false,
    timeout,
  );
  const id = created.id;
  if (!id) throw new SheetsError("Google Drive did not say which file it created");

  let written: number;
  let sheetId: number;
  try {
    const sheet = sheetPath(id);
    const batchUpdate = (requests: unknown[]) => call<BatchUpdateReply>("POST", `${sheet}:batchUpdate`, { requests }, undefined, true, timeout);
    const first = (await call<Spreadsheet>("GET", sheet, undefined, { fields: "sheets.properties(sheetId)" }, true, timeout)).sheets?.[0]?.properties?.sheetId;
    if (first === undefined) throw new SheetsError("Google Sheets did not say which tab the new file has");
    sheetId = first;
    const rowCount = total + 1;
    await batchUpdate([
      {
        updateSheetProperties: {
          properties: { sheetId, title: tab, gridProperties: { rowCount, columnCount } },
          fields: "title,gridProperties.rowCount,gridProperties.columnCount",
        },
      },
    ]);
    const done = await writeBlocks(id, { sheetId, title: tab, rowCount }, header, rows, total, options);
    written = done.written;
    if (done.rowCount !== written) {
      await batchUpdate([{ updateSheetProperties: { properties: { sheetId, gridProperties: { rowCount: written } }, fields: "gridProperties.rowCount" } }]);
    }
    await driveCall("PATCH", `/files/${encodeURIComponent(id)}`, { name: tab }, { supportsAllDrives: "true", fields: "id" }, true, timeout);
    await recordFile(target, id);
  } catch (err) {
    await deleteFile(id, timeout).catch(() => {});
    throw err;
  }

  if (previous && previous !== id) {
    try {
      await deleteFile(previous, timeout);
    } catch (err) {
      throw new SheetsError(`the new file is in place, but the previous one could not be deleted (the next sync deletes it): ${(err as Error).message}`);
    }
  }
  return { rows: written - 1, destination: fileUrl(id, sheetId), folder: folderUrl(folder) };
}
