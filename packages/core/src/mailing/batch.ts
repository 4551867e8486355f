import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { z } from "zod";
import { Bus } from "../bus";
import { settings } from "../config";
import { db, table } from "../db/client";
import { isConditionFailure, updateIf } from "../db/conditional";
import { Keys } from "../db/keys";
import { transactIf } from "../db/transact-if";
import { Job } from "../jobs";
import { log } from "../log";
import { MailBudget, type MailDeferred } from "../mail/budget";
import { Outbox } from "../outbox";
import { deliverAll, type BatchOutcome } from "./batch-delivery";
import { finish, pause } from "./batch-end";
import type { Addressee, AudiencePage, Mailing } from "./definition";
import { bodyOf } from "./head";
import { BATCH_SENDING_MS, IN_FLIGHT, LEASE_MS } from "./limits";
import { current, type Batch } from "./run";
import type { HeadItem } from "./summary";

/**
 * One batch of any mailing's send, from its batch event's detail. An event of another run, or for a
 * cursor the mailing has moved past (a redelivery), does nothing.
 */
export async function runBatch<A extends Addressee, S extends z.ZodType>(mailing: Mailing<A, S>, detail: z.output<S>): Promise<void> {
  const d = detail as { run: string; cursor: string };
  const batch: Batch = { ref: mailing.batch.ref(detail), run: d.run, cursor: d.cursor };
  const m = mailing as unknown as Mailing;
  const item = await take(m, batch);
  if (!item) {
    log.info("mailing batch not current: skipped", { ...batch.ref, run: batch.run, cursor: batch.cursor });
    return;
  }
  const jobId = String(item.jobId);
  if (!(await Job.claim(jobId, m.jobKind, LEASE_MS))) await extendJobLease(jobId);
  // SES's feedback on this issue passed a review threshold (newsletter/issues/feedback.ts): stop before sending more
  if (typeof item.pauseRequested === "string") return pause(m, batch, item, batch.cursor, item.pauseRequested);

  const startedAt = String(item.startedAt);
  let audience = typeof item.audience === "number" ? item.audience : undefined;
  if (audience === undefined) {
    audience = await m.audience.count(batch.ref, startedAt);
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: m.head(batch.ref),
        UpdateExpression: "SET audience = :n",
        ExpressionAttributeValues: { ":n": audience },
      }),
    );
  }
  const sentBefore = Number(item.sent ?? 0) + Number(item.failed ?? 0);
  await Job.report(jobId, { phase: "sending", completed: sentBefore, total: audience });

  // the newsletter's pace: the account's, less the reserve for links (mail/budget.ts)
  const perSecond = MailBudget.ceilings("bulk").perSecond;
  const limit = Math.max(1, Math.min(settings().NEWSLETTER_BATCH_SIZE, Math.floor((perSecond * BATCH_SENDING_MS) / 1000)));
  const page = await m.audience.page(batch.ref, { until: startedAt, after: batch.cursor, limit });
  const rendered = m.render({ subject: String(item.subject), body: await bodyOf(m, batch.ref) });
  const tags = m.tags?.(batch.ref) ?? {};
  const outcome = await deliverAll(
    { deliveries: m.deliveries(batch.ref), message: (to) => ({ kind: m.mailKind, tags, ...m.message(batch.ref, to, rendered) }) },
    page.addressees,
    { perSecond, inFlight: IN_FLIGHT },
  );

  const next = nextCursor(batch.cursor, page, outcome);
  if (outcome.failure !== undefined)
    return pause(m, batch, item, next, `Sending paused: an e-mail could not be sent (${outcome.failure}). Resume to send to the remaining recipients.`);
  if (outcome.deferred) return advance(m, batch, item, next, outcome, audience, waitFor(outcome.deferred));
  if (!page.more) return finish(m, batch, item, next);
  await advance(m, batch, item, next, outcome, audience);
}

/** Until when a deferred send waits, and why, as the console says it. */
interface Wait {
  until: number;
  reason: string;
}

function waitFor(deferred: MailDeferred): Wait {
  const at = new Date(deferred.until).toISOString().replace("T", " ").slice(0, 16);
  return {
    // the outbox sweeper hands the next batch over once its time has come (a minute's grace)
    until: deferred.until,
    reason:
      deferred.reason === "daily-quota"
        ? `Waiting: newsletter issues have used their share of today's sending quota. Sending continues by itself after ${at} UTC.`
        : deferred.reason === "paused"
          ? "Waiting: e-mail to visitors is paused because too many bounced or were marked as spam. It continues once an administrator resumes it on the dashboard."
          : "Waiting: e-mails people are waiting for (links, confirmations, notices) go first. Sending continues by itself when they are out.",
  };
}

/** Claims the batch for this delivery: extends the lease if the mailing is still at this run and cursor. */
async function take(mailing: Mailing, batch: Batch): Promise<HeadItem | undefined> {
  const { ConditionExpression, names, values } = current(batch);
  try {
    const res = await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: mailing.head(batch.ref),
        UpdateExpression: "SET leaseUntil = :lease",
        ConditionExpression,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: { ...values, ":lease": Date.now() + LEASE_MS },
        ReturnValues: "ALL_NEW",
      }),
    );
    return res.Attributes;
  } catch (err) {
    if (isConditionFailure(err)) return undefined;
    throw err;
  }
}

const whileRunning = { ConditionExpression: "#status = :running", ExpressionAttributeNames: { "#status": "status" } };

/** A send outlives one job lease: each batch extends it, as `take` extends the mailing's (a job no longer running is left as it is). */
const extendJobLease = (jobId: string, until = Date.now() + LEASE_MS) =>
  updateIf({
    Key: Keys.job(jobId),
    UpdateExpression: "SET leaseUntil = :lease",
    ...whileRunning,
    ExpressionAttributeValues: { ":lease": until, ":running": "running" },
  });

/** After the batch: its last position, or, after a failure, the position before the first recipient not done. */
function nextCursor(cursor: string, page: AudiencePage, outcome: BatchOutcome): string {
  if (outcome.firstUndone === undefined) return page.next;
  const at = page.positions.indexOf(page.addressees[outcome.firstUndone].position);
  return at > 0 ? page.positions[at - 1] : cursor;
}

/**
 * Moves the cursor and counts on, and records the next batch's event in the same transaction. A
 * send that must `wait` records its next event at the wait's end instead, unpublished: the outbox
 * sweeper hands it to the bus once that time has passed (Outbox.record's `now`), and the mailing and
 * its job stay "sending" (their leases last past the wait) with the reason shown in the console.
 */
async function advance(mailing: Mailing, batch: Batch, item: HeadItem, cursor: string, outcome: BatchOutcome, audience: number, wait?: Wait) {
  const { ConditionExpression, names, values } = current(batch);
  const event = Outbox.record(mailing.batch.event, mailing.batch.detail(batch.ref, batch.run, cursor), wait?.until);
  const leaseUntil = (wait?.until ?? Date.now()) + LEASE_MS;
  const moved = await transactIf([
    {
      Update: {
        Key: mailing.head(batch.ref),
        UpdateExpression: wait
          ? "SET #cursor = :next, leaseUntil = :lease, waitingUntil = :until, waitingReason = :reason ADD recipients :recipients, sent :sent, failed :failed"
          : "SET #cursor = :next, leaseUntil = :lease ADD recipients :recipients, sent :sent, failed :failed REMOVE waitingUntil, waitingReason",
        ConditionExpression,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: {
          ...values,
          ":next": cursor,
          ":lease": leaseUntil,
          ":recipients": outcome.claimed,
          ":sent": outcome.sent,
          ":failed": outcome.failed - outcome.retried,
          ...(wait ? { ":until": wait.until, ":reason": wait.reason } : {}),
        },
      },
    },
    Outbox.put(event),
  ]);
  if (!moved) {
    log.warn("mailing batch lost its run meanwhile: not continued", { ...batch.ref, run: batch.run });
    return;
  }
  const done = Number(item.sent ?? 0) + Number(item.failed ?? 0) + outcome.sent + outcome.failed - outcome.retried;
  if (wait) {
    await extendJobLease(String(item.jobId), leaseUntil);
    await Job.report(String(item.jobId), { phase: "waiting", completed: done, total: audience });
    log.info("mailing send waits for the mail budget", { ...batch.ref, until: new Date(wait.until).toISOString() });
    return;
  }
  await Bus.publish(mailing.batch.event, event.detail, event.id);
  await Job.report(String(item.jobId), { phase: "sending", completed: done, total: audience });
}
