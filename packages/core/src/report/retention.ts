import { table } from "../db/client";
import { queryAll } from "../db/query";
import { advanceWatermark, idWindow, watermark } from "../db/retention";
import type { RetentionStep, TimeBudget } from "../policy/personal-record";
import { cutoff } from "../policy/retention";
import { REPORT_RECORD } from "./record";
import { sortableIdFloor } from "../util/id";
import { deleteAll } from "./admin";
import { PART as REPORTS_PART, decodeRow, layout } from "./index-item";

/**
 * The scam reports' part of the daily retention job (privacy/retention-job.ts): reports made before
 * `cutoff(SUBMISSION_RETENTION_YEARS)` are deleted through the reports' delete-all (whose cut-off is
 * an operation's start), each with its index row, reference guard and evidence files, the count
 * decremented exactly. Deleted reports leave no rows behind, so the delete-all's query from the
 * beginning reads only what is due; the watermark (db/retention.ts) bounds the evidence count.
 */

/** The reports' retention watermark (db/retention.ts). */
export const WATERMARK = REPORT_RECORD.name;

/** The evidence files of the reports with `fromId <= id < beforeId` that are still stored (their index rows, consistently). */
async function oldEvidenceFiles(fromId: string, beforeId: string): Promise<number> {
  const { condition, values } = idWindow(fromId, beforeId);
  const counts = await Promise.all(
    layout.partitions(REPORTS_PART).map(async (partition) => {
      const rows = await queryAll({
        TableName: table(),
        KeyConditionExpression: condition,
        ExpressionAttributeValues: { ":pk": partition, ...values },
        ProjectionExpression: "sk, r",
        ConsistentRead: true,
      });
      return rows
        .filter((item) => String(item.sk) < beforeId)
        .reduce((sum, item) => sum + (Number(decodeRow(REPORTS_PART, String(item.sk), String(item.r)).evidenceCount) || 0), 0);
    }),
  );
  return counts.reduce((a, b) => a + b, 0);
}

/** Deletes the reports made before `before` with their evidence (the reports' delete-all with `before` as its start). */
async function deleteOldReports(before: Date, now: Date, time: TimeBudget): Promise<{ reports: number; files: number }> {
  const beforeId = sortableIdFloor(before.getTime());
  const fromId = await watermark(WATERMARK);
  if (fromId >= beforeId) return { reports: 0, files: 0 };
  const filesBefore = await oldEvidenceFiles(fromId, beforeId);
  let reports = 0;
  let finished = false;
  while (!time.over()) {
    const step = await deleteAll(before.toISOString());
    reports += step.deleted;
    if ((finished = step.done || step.deleted === 0)) break;
  }
  const files = reports ? filesBefore - (await oldEvidenceFiles(fromId, beforeId)) : 0;
  if (finished) await advanceWatermark(WATERMARK, beforeId, now);
  return { reports, files: Math.max(0, files) };
}

/** The retention job's step: deletes what is past SUBMISSION_RETENTION_YEARS at `now`. */
export async function retentionStep(now: Date, time: TimeBudget): Promise<RetentionStep> {
  const { reports, files } = await deleteOldReports(cutoff(REPORT_RECORD.personalData.retention.years, now), now, time);
  return { counts: { reportsDeleted: reports, evidenceFilesDeleted: files }, tabs: reports ? ["reports"] : [] };
}
