import type { _Object } from "@aws-sdk/client-s3";
import { getMany } from "../db/batch";
import { Keys } from "../db/keys";
import { Evidence } from "../evidence";
import { log } from "../log";
import { pool } from "../util/pool";

/**
 * The sweep of orphaned evidence: folders `reports/{reportId}/` whose report is not in the table
 * (a removal by older code that deleted the records first, a crash between a claim and the
 * report's transaction, a failed delete). Removal deletes the files before the records, so a
 * folder without its report is one nobody can find again. Scheduled daily (packages/functions/src/schedules.ts).
 */

/**
 * A folder whose newest file is younger than this is left alone, report or not: a report's
 * uploads are claimed (copied under its folder, which dates them) before its transaction writes
 * it, so a report being written has a young folder and no item yet.
 */
export const ORPHAN_GRACE_MS = 24 * 60 * 60 * 1000;

/** Orphaned folders listed at once (a ListObjectsV2 each). */
const LIST_CONCURRENCY = 8;

export interface OrphanSweepResult {
  /** Report folders in the bucket. */
  folders: number;
  /** Folders without their report whose files were deleted. */
  orphans: number;
  /** Files deleted. */
  deleted: number;
  /** Folders without their report left alone because a file is within the grace period. */
  young: number;
}

/**
 * The files of a folder whose every file was last modified before `cutoff` (ms), else none: one
 * young file keeps the whole folder. A file with no date counts as young.
 */
export function settledFiles(files: readonly _Object[], cutoff: number): _Object[] {
  return files.every((f) => f.LastModified !== undefined && f.LastModified.getTime() < cutoff) ? [...files] : [];
}

/**
 * Deletes the files of every report folder whose report does not exist and whose files are all
 * older than `graceMs`. Per listing page (up to 1,000 folders): one strongly consistent BatchGet
 * per 100 ids, then for each folder without its report a listing of its files and, for the page,
 * DeleteObjects of up to 1,000 keys. The existence check comes before the folder's listing, so a
 * report written in between has files younger than the grace period and is kept.
 */
export async function sweepOrphanEvidence({ graceMs = ORPHAN_GRACE_MS, now = Date.now() } = {}): Promise<OrphanSweepResult> {
  const cutoff = now - graceMs;
  const result: OrphanSweepResult = { folders: 0, orphans: 0, deleted: 0, young: 0 };
  for await (const ids of Evidence.reportFolderPages()) {
    result.folders += ids.length;
    const existing = await reportsThatExist(ids);
    const doomed: _Object[] = [];
    await pool(
      ids.filter((id) => !existing.has(id)),
      LIST_CONCURRENCY,
      async (id) => {
        const files = await Evidence.reportFiles(id);
        const settled = settledFiles(files, cutoff);
        if (settled.length === 0) {
          // (an empty folder was emptied since the listing)
          if (files.length) result.young++;
          return;
        }
        result.orphans++;
        doomed.push(...settled);
        log.warn("deleting the evidence of a report that does not exist", { reportId: id, files: settled.length });
      },
    );
    result.deleted += await Evidence.deleteFiles(doomed);
  }
  return result;
}

/** The ids among `ids` that have a report item (BatchGet of the keys only). */
async function reportsThatExist(ids: readonly string[]): Promise<Set<string>> {
  const items = await getMany(
    ids.map((id) => Keys.report(id)),
    { consistent: true, projection: "pk, sk" },
  );
  return new Set(items.flatMap((item) => Keys.reportOf(item as { pk: string; sk: string }) ?? []));
}
