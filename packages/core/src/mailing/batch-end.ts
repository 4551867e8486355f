import { Audit } from "../audit";
import { updateIf } from "../db/conditional";
import { Job } from "../jobs";
import { log } from "../log";
import type { Mailing } from "./definition";
import * as Deliveries from "./deliveries";
import { target } from "./head";
import { current, type Batch } from "./run";
import type { HeadItem, MailingCounts } from "./summary";

/** The exact counts and the mailing's end state, if the mailing is still this run's at this cursor. */
async function settle(
  mailing: Mailing,
  batch: Batch,
  cursor: string,
  status: "paused" | "sent",
  extra: Record<string, unknown>,
): Promise<MailingCounts | undefined> {
  const counts = await Deliveries.tally(mailing.deliveries(batch.ref));
  const { ConditionExpression, names, values } = current(batch);
  const fields = { ...extra, recipients: counts.recipients, sent: counts.sent, failed: counts.failed };
  const sets = Object.keys(fields).map((name, i) => `#f${i} = :f${i}`);
  const settled = await updateIf({
    Key: mailing.head(batch.ref),
    UpdateExpression: `SET #status = :end, #cursor = :next, ${sets.join(", ")} REMOVE leaseUntil, waitingUntil, waitingReason`,
    ConditionExpression,
    ExpressionAttributeNames: { ...names, ...Object.fromEntries(Object.keys(fields).map((name, i) => [`#f${i}`, name])) },
    ExpressionAttributeValues: { ...values, ":end": status, ":next": cursor, ...Object.fromEntries(Object.values(fields).map((v, i) => [`:f${i}`, v])) },
  });
  if (settled) return counts;
  log.warn("mailing batch lost its run meanwhile: not settled", { ...batch.ref, run: batch.run, status });
  return undefined;
}

export async function pause(mailing: Mailing, batch: Batch, item: HeadItem, cursor: string, reason: string) {
  const counts = await settle(mailing, batch, cursor, "paused", { pausedAt: new Date().toISOString(), pausedReason: reason });
  if (!counts) return;
  await Job.fail(String(item.jobId), reason);
  log.warn("mailing send paused", { ...batch.ref, reason, ...counts });
}

export async function finish(mailing: Mailing, batch: Batch, item: HeadItem, cursor: string) {
  const counts = await settle(mailing, batch, cursor, "sent", { sentAt: new Date().toISOString() });
  if (!counts) return;
  const processed = counts.sent + counts.failed;
  await Job.finish(String(item.jobId), { ...counts }, { phase: "done", completed: processed, total: processed });
  await Audit.record({ action: mailing.audit.sent, actor: String(item.startedBy), target: target(item), rows: counts.sent });
}
