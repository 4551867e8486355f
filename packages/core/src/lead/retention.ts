import { advanceWatermark, watermark } from "../db/retention";
import type { RetentionStep, TimeBudget } from "../policy/personal-record";
import { cutoff } from "../policy/retention";
import { sortableIdFloor } from "../util/id";
import { deleteAll } from "./admin";
import { LEAD_FORMS, leadSheetTabId, type LeadForm } from "./forms";
import { LEAD_RECORD } from "./record";

/**
 * The guide submissions' part of the daily retention job (privacy/retention-job.ts): submissions of
 * all four forms made before `cutoff(SUBMISSION_RETENTION_YEARS)` are deleted through each form's
 * delete-all (whose cut-off is an operation's start), each with its index row, counts exact.
 * Deleted submissions leave no rows behind, so that query from the beginning reads only what is
 * due; the watermark (db/retention.ts) records the last finished pass, and a pass whose cut-off is
 * not above it has nothing to do.
 */

/** The guide submissions' retention watermark (db/retention.ts). */
export const WATERMARK = LEAD_RECORD.name;

const emptyLeadCounts = () => Object.fromEntries(LEAD_FORMS.map((f) => [f, 0])) as Record<LeadForm, number>;

/** Deletes, form by form, the submissions made before `before`: each form's delete-all with `before` as its start. */
async function deleteOldLeads(before: Date, now: Date, time: TimeBudget): Promise<Record<LeadForm, number>> {
  const deleted = emptyLeadCounts();
  const beforeId = sortableIdFloor(before.getTime());
  if ((await watermark(WATERMARK)) >= beforeId) return deleted;
  let finished = 0;
  for (const form of LEAD_FORMS) {
    while (!time.over()) {
      const step = await deleteAll(form, before.toISOString());
      deleted[form] += step.deleted;
      if (step.done || step.deleted === 0) {
        finished++;
        break;
      }
    }
  }
  if (finished === LEAD_FORMS.length) await advanceWatermark(WATERMARK, beforeId, now);
  return deleted;
}

/** The retention job's step: deletes what is past its retention (SUBMISSION_RETENTION_YEARS) at `now`; `leadsByForm` in the run's result. */
export async function retentionStep(now: Date, time: TimeBudget): Promise<RetentionStep> {
  const leadsByForm = await deleteOldLeads(cutoff(LEAD_RECORD.personalData.retention.years, now), now, time);
  return {
    counts: { leadsDeleted: Object.values(leadsByForm).reduce((a, b) => a + b, 0) },
    tabs: LEAD_FORMS.filter((f) => leadsByForm[f] > 0).map(leadSheetTabId),
    detail: { leadsByForm },
  };
}
