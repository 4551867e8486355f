import { table } from "../db/client";
import { queryAll } from "../db/query";
import type { RetentionStep, TimeBudget } from "../policy/personal-record";
import { SUBMISSION_RETENTION_YEARS, cutoff } from "../policy/retention";
import { sortableIdFloor } from "../util/id";
import { deleteAll } from "./admin";
import { PART as REPORTS_PART, decodeRow, layout } from "./index-item";

/**
 * The scam reports' part of the daily retention job (privacy/retention-job.ts): reports made before
 * `cutoff(SUBMISSION_RETENTION_YEARS)` are deleted through the reports' delete-all (whose cut-off is
 * an operation's start), each with its index row, reference guard and evidence files, the count
 * decremented exactly.
 */

/** The evidence files of the reports made before `beforeId` that are still stored (their index rows, consistently). */
async function oldEvidenceFiles(beforeId: string): Promise<number> {
  const counts = await Promise.all(
    layout.partitions(REPORTS_PART).map(async (partition) => {
      const rows = await queryAll({
        TableName: table(),
        KeyConditionExpression: "pk = :pk AND sk < :before",
        ExpressionAttributeValues: { ":pk": partition, ":before": beforeId },
        ProjectionExpression: "sk, r",
        ConsistentRead: true,
      });
      return rows.reduce((sum, item) => sum + (Number(decodeRow(REPORTS_PART, String(item.sk), String(item.r)).evidenceCount) || 0), 0);
    }),
  );
  return counts.reduce((a, b) => a + b, 0);
}

/** Deletes the reports made before `before` with their evidence (the reports' delete-all with `before` as its start). */
async function deleteOldReports(before: Date, time: TimeBudget): Promise<{ reports: number; files: number }> {
  const beforeId = sortableIdFloor(before.getTime());
  const filesBefore = await oldEvidenceFiles(beforeId);
  let reports = 0;
  while (!time.over()) {
    const step = await deleteAll(before.toISOString());
    reports += step.deleted;
    if (step.done || step.deleted === 0) break;
  }
  const files = reports ? filesBefore - (await oldEvidenceFiles(beforeId)) : 0;
  return { reports, files: Math.max(0, files) };
}

/** The retention job's step: deletes what is past SUBMISSION_RETENTION_YEARS at `now`. */
export async function retentionStep(now: Date, time: TimeBudget): Promise<RetentionStep> {
  const { reports, files } = await deleteOldReports(cutoff(SUBMISSION_RETENTION_YEARS, now), time);
  return { counts: { reportsDeleted: reports, evidenceFilesDeleted: files }, tabs: reports ? ["reports"] : [] };
}
