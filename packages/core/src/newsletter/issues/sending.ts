import { TransactWriteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { Audit } from "../../audit";
import { Bus } from "../../bus";
import { settings } from "../../config";
import { cancellationCodes } from "../../db/cancellation";
import { db, table } from "../../db/client";
import { Keys } from "../../db/keys";
import { Job } from "../../jobs";
import { log } from "../../log";
import { MailBudget, MailDeferred } from "../../mail/budget";
import { Outbox } from "../../outbox";
import { VisibleError } from "../../util/error";
import { sortableId } from "../../util/id";
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import type { z } from "zod";
import { deliverAll, type BatchOutcome } from "./batch-delivery";
import * as Deliveries from "./deliveries";
import type { IssueCounts, IssueStatus, SendStarted } from "./input";
import { head, summaryOf, type HeadItem } from "./issue-store";
import type { Addressee, AudiencePage, Mailing, MailingRef } from "./mailing";
import { newsletterMailing } from "./newsletter-mailing";
import { renderIssue } from "./render";

/**
 * Sending a mailing (mailing.ts: a newsletter issue to every confirmed subscriber, or a petition's
 * update to its signers who asked) to its audience, in batches through the event bus:
 *
 *   draft ──start──► sending ──last batch──► sent
 *                      │  ▲
 *        a failure ────┘  └──── resume
 *                    paused
 *
 * `start` (and `resume`) record the issue as sending, a job for the console's progress bar and the
 * first `newsletter.issue_batch` event in one transaction. Each event's subscriber (`runBatch`) takes
 * the next page of the audience after the issue's cursor, claims and sends each e-mail within the
 * sending rate (deliveries.ts: never twice), then in one transaction moves the cursor and records the
 * next event. The audience is the subscribers confirmed before the send started; the issue keeps its
 * counts, exact (recounted from the deliveries) once it is paused or sent.
 *
 * A refused e-mail pauses the send with the cursor before it; so does SES's feedback past a review
 * threshold, at the next batch (feedback.ts). A batch that dies leaves the issue
 * "sending" until its lease runs out; the bus retries it meanwhile, and afterwards it reads as paused.
 * Either way `resume` continues from the cursor.
 */

/** The job kind of a newsletter send's (or resume's) progress. */
export const JOB_KIND = newsletterMailing.jobKind;
/** The newsletter-issue-batch subscriber's timeout (packages/functions/src/subscribers.ts). */
export const BATCH_TIMEOUT_MS = 300_000;
/** A batch sends for at most this long, whatever the batch size and rate: the rest of its timeout is for the table. */
export const BATCH_SENDING_MS = 240_000;
/**
 * A run not moved on for this long is read as stopped: a batch's timeout, plus time for its next
 * event to arrive (the outbox sweeper republishes a lost one after a minute, every minute).
 */
export const LEASE_MS = BATCH_TIMEOUT_MS + 3 * 60_000;
/** E-mails (each with its claim) in flight at once; the rate is kept by pacing, not by this. */
export const IN_FLIGHT = 16;

export class CannotSend extends VisibleError {
  constructor(status: IssueStatus) {
    const messages: Record<IssueStatus, string> = {
      draft: "This issue has not been sent yet: send it instead",
      sending: "This issue is being sent",
      paused: "This issue is paused: resume it to send the rest",
      sent: "This issue has already been sent",
    };
    super(409, "newsletter.issue_cannot_send", messages[status]);
  }
}

const target = (item: HeadItem) => `"${String(item.subject)}" (${item.petitionId ? `${String(item.petitionId)}/` : ""}${String(item.id)})`;
const isConflict = (err: unknown) => (err as Error).name === "ConditionalCheckFailedException";

/** DynamoDB refuses values an expression does not use: keeps those `expression` names. */
const usedIn = (expression: string, values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).filter(([name]) => new RegExp(`${name}\\b`).test(expression)));

/** How a run begins: the head's update (it gets `:sending`, `:run`, `:job`, `:lease`, `:now`, `:at`, `:actor` besides its own values). */
interface RunStart {
  cursor: string;
  update: string;
  condition: string;
  values: Record<string, unknown>;
  audit: "started" | "resumed";
}

/** The fields of a head a first run starts with (a head created sending, `create`). */
export interface RunHead {
  run: string;
  jobId: string;
  leaseUntil: number;
  startedAt: string;
  startedBy: string;
}

/**
 * Starts a run of the send: in one transaction the head's update (conditional on what the caller
 * read), a job for the console's progress and the run's first batch event (outbox); then published
 * and audited → 202's `{jobId, issue}`. A failed condition is a 409 with the status found.
 */
async function beginRun(mailing: Mailing, ref: MailingRef, item: HeadItem, actor: string, how: RunStart): Promise<SendStarted> {
  const now = Date.now();
  const job = Job.newItem({ kind: mailing.jobKind, actor }, now);
  const run = sortableId(now);
  const event = Outbox.record(mailing.batch.event, mailing.batch.detail(ref, run, how.cursor), now);
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: table(),
              Key: mailing.head(ref),
              UpdateExpression: how.update,
              ConditionExpression: how.condition,
              ExpressionAttributeNames: { "#status": "status", "#cursor": "cursor", "#run": "run" },
              ExpressionAttributeValues: usedIn(`${how.update} ${how.condition}`, {
                ":sending": "sending",
                ":run": run,
                ":job": job.id,
                ":lease": now + LEASE_MS,
                ":now": now,
                ":at": new Date(now).toISOString(),
                ":actor": actor,
                ...how.values,
              }),
            },
          },
          { Put: { TableName: table(), Item: job, ConditionExpression: "attribute_not_exists(pk)" } },
          Outbox.put(event),
        ],
      }),
    );
  } catch (err) {
    if (cancellationCodes(err)[0] === "ConditionalCheckFailed") throw new CannotSend(summaryOf(await headOf(mailing, ref)).status);
    throw err;
  }
  await Bus.publish(mailing.batch.event, event.detail, event.id);
  await Audit.record({ action: mailing.audit[how.audit], actor, target: target(item), rows: 0 });
  return { jobId: job.id, issue: summaryOf(await headOf(mailing, ref)) };
}

/** A mailing's head, read consistently (the newsletter's through issue-store, which knows its ids). */
async function headOf(mailing: Mailing, ref: MailingRef): Promise<HeadItem> {
  if (mailing === newsletterMailing) return head(ref.id);
  const res = await db().send(new GetCommand({ TableName: table(), Key: mailing.head(ref), ConsistentRead: true }));
  if (!res.Item) throw new Error(`mailing head missing: ${JSON.stringify(ref)}`);
  return res.Item;
}

async function bodyOf(mailing: Mailing, ref: MailingRef): Promise<string> {
  const res = await db().send(new GetCommand({ TableName: table(), Key: mailing.body(ref), ConsistentRead: true }));
  if (!res.Item) throw new Error(`mailing body missing: ${JSON.stringify(ref)}`);
  return String(res.Item.body);
}

/**
 * Creates a mailing already sending, once: in one transaction the head (on condition that none
 * exists: the claim), its body, the job and the first batch event; then published and audited.
 * Answers undefined when the head exists (claimed before: nothing written). What a petition's
 * milestone and outcome updates begin with (signature/updates.ts).
 */
export async function create(
  mailing: Mailing,
  ref: MailingRef,
  content: { head: Record<string, unknown>; body: string },
  actor: string,
): Promise<SendStarted | undefined> {
  const now = Date.now();
  const job = Job.newItem({ kind: mailing.jobKind, actor }, now);
  const run = sortableId(now);
  const at = new Date(now).toISOString();
  const event = Outbox.record(mailing.batch.event, mailing.batch.detail(ref, run, ""), now);
  const item: HeadItem = {
    ...mailing.head(ref),
    ...content.head,
    id: ref.id,
    status: "sending",
    run,
    cursor: "",
    jobId: job.id,
    leaseUntil: now + LEASE_MS,
    createdAt: at,
    createdBy: actor,
    updatedAt: at,
    startedAt: at,
    startedBy: actor,
    recipients: 0,
    sent: 0,
    failed: 0,
  };
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: table(), Item: item, ConditionExpression: "attribute_not_exists(pk)" } },
          { Put: { TableName: table(), Item: { ...mailing.body(ref), type: "mailingBody", id: ref.id, body: content.body } } },
          { Put: { TableName: table(), Item: job, ConditionExpression: "attribute_not_exists(pk)" } },
          Outbox.put(event),
        ],
      }),
    );
  } catch (err) {
    if (cancellationCodes(err)[0] === "ConditionalCheckFailed") return undefined;
    throw err;
  }
  await Bus.publish(mailing.batch.event, event.detail, event.id);
  await Audit.record({ action: mailing.audit.started, actor, target: target(item), rows: 0 });
  return { jobId: job.id, issue: summaryOf(item) };
}

/** Begins sending a draft to the subscribers confirmed now → 202's `{jobId, issue}`. */
export async function start(id: string, actor: string): Promise<SendStarted> {
  const item = await head(id);
  if (summaryOf(item).status !== "draft") throw new CannotSend(summaryOf(item).status);
  return beginRun(newsletterMailing, { id }, item, actor, {
    cursor: "",
    update:
      "SET #status = :sending, #run = :run, #cursor = :start, startedAt = :at, startedBy = :actor, jobId = :job, leaseUntil = :lease, " +
      "recipients = :zero, sent = :zero, failed = :zero REMOVE audience, pausedReason",
    condition: "#status = :draft",
    values: { ":draft": "draft", ":start": "", ":zero": 0 },
    audit: "started",
  });
}

/** Continues a paused newsletter send from its cursor, as a new run with a new job → 202's `{jobId, issue}`. */
export const resume = (id: string, actor: string) => resumeMailing(newsletterMailing, { id }, actor);

/** Continues a paused send of any mailing from its cursor, as a new run with a new job. */
export async function resumeMailing(mailing: Mailing, ref: MailingRef, actor: string): Promise<SendStarted> {
  const item = await headOf(mailing, ref);
  const status = summaryOf(item).status;
  if (status !== "paused") throw new CannotSend(status);
  const cursor = String(item.cursor ?? "");
  return beginRun(mailing, ref, item, actor, {
    cursor,
    // the feedback rates count afresh from here (feedback.ts)
    update:
      "SET #status = :sending, #run = :run, jobId = :job, leaseUntil = :lease, resumedAt = :at, resumedBy = :actor, " +
      "baseDelivered = if_not_exists(delivered, :zero), baseBounced = if_not_exists(bounced, :zero), baseComplained = if_not_exists(complained, :zero) " +
      "REMOVE pausedReason, pausedAt, pauseRequested",
    // the run and cursor it was read with, and paused (or a stalled "sending")
    condition: "#run = :previous AND #cursor = :cursor AND (#status = :paused OR (#status = :sending AND leaseUntil < :now))",
    values: { ":paused": "paused", ":previous": item.run, ":cursor": cursor, ":zero": 0 },
    audit: "resumed",
  });
}

/** One batch event of a mailing: which one, its run and its cursor. */
type Batch = { ref: MailingRef; run: string; cursor: string };

/** The batch's condition: the issue is still being sent by this run, from this cursor. */
const current = (batch: Batch) => ({
  ConditionExpression: "#status = :sending AND #run = :run AND #cursor = :cursor",
  names: { "#status": "status", "#cursor": "cursor", "#run": "run" },
  values: { ":sending": "sending", ":run": batch.run, ":cursor": batch.cursor },
});

/**
 * One batch of a newsletter send (the newsletter-issue-batch subscriber). An event of another run, or for a
 * cursor the issue has moved past (a redelivery), does nothing.
 */
export const runBatch = (detail: { issueId: string; run: string; cursor: string }) => runMailingBatch(newsletterMailing, detail);

/** One batch of any mailing's send, from its batch event's detail. */
export async function runMailingBatch<A extends Addressee, S extends z.ZodType>(mailing: Mailing<A, S>, detail: z.output<S>): Promise<void> {
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
  // SES's feedback on this issue passed a review threshold (feedback.ts): stop before sending more
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
  const rendered = renderIssue({ subject: String(item.subject), body: await bodyOf(m, batch.ref) });
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
    if (isConflict(err)) return undefined;
    throw err;
  }
}

/** A send outlives one job lease: each batch extends it, as `take` extends the issue's. */
async function extendJobLease(jobId: string, until = Date.now() + LEASE_MS) {
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: Keys.job(jobId),
        UpdateExpression: "SET leaseUntil = :lease",
        ConditionExpression: "#status = :running",
        ExpressionAttributeNames: { "#status": "status" },
        ExpressionAttributeValues: { ":lease": until, ":running": "running" },
      }),
    );
  } catch (err) {
    if (!isConflict(err)) throw err;
  }
}

/** After the batch: its last position, or, after a failure, the position before the first subscriber not done. */
function nextCursor(cursor: string, page: AudiencePage, outcome: BatchOutcome): string {
  if (outcome.firstUndone === undefined) return page.next;
  const at = page.positions.indexOf(page.addressees[outcome.firstUndone].position);
  return at > 0 ? page.positions[at - 1] : cursor;
}

/**
 * Moves the cursor and counts on, and records the next batch's event in the same transaction. A
 * send that must `wait` records its next event at the wait's end instead, unpublished: the outbox
 * sweeper hands it to the bus once that time has passed (Outbox.record's `now`), and the issue and
 * its job stay "sending" (their leases last past the wait) with the reason shown in the console.
 */
async function advance(mailing: Mailing, batch: Batch, item: HeadItem, cursor: string, outcome: BatchOutcome, audience: number, wait?: Wait) {
  const { ConditionExpression, names, values } = current(batch);
  const event = Outbox.record(mailing.batch.event, mailing.batch.detail(batch.ref, batch.run, cursor), wait?.until);
  const leaseUntil = (wait?.until ?? Date.now()) + LEASE_MS;
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: table(),
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
        ],
      }),
    );
  } catch (err) {
    if (cancellationCodes(err)[0] !== "ConditionalCheckFailed") throw err;
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

/** The exact counts and the issue's end state, if the issue is still this run's at this cursor. */
async function settle(
  mailing: Mailing,
  batch: Batch,
  cursor: string,
  status: "paused" | "sent",
  extra: Record<string, unknown>,
): Promise<IssueCounts | undefined> {
  const counts = await Deliveries.tally(mailing.deliveries(batch.ref));
  const { ConditionExpression, names, values } = current(batch);
  const fields = { ...extra, recipients: counts.recipients, sent: counts.sent, failed: counts.failed };
  const sets = Object.keys(fields).map((name, i) => `#f${i} = :f${i}`);
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: mailing.head(batch.ref),
        UpdateExpression: `SET #status = :end, #cursor = :next, ${sets.join(", ")} REMOVE leaseUntil, waitingUntil, waitingReason`,
        ConditionExpression,
        ExpressionAttributeNames: { ...names, ...Object.fromEntries(Object.keys(fields).map((name, i) => [`#f${i}`, name])) },
        ExpressionAttributeValues: { ...values, ":end": status, ":next": cursor, ...Object.fromEntries(Object.values(fields).map((v, i) => [`:f${i}`, v])) },
      }),
    );
    return counts;
  } catch (err) {
    if (!isConflict(err)) throw err;
    log.warn("mailing batch lost its run meanwhile: not settled", { ...batch.ref, run: batch.run, status });
    return undefined;
  }
}

async function pause(mailing: Mailing, batch: Batch, item: HeadItem, cursor: string, reason: string) {
  const counts = await settle(mailing, batch, cursor, "paused", { pausedAt: new Date().toISOString(), pausedReason: reason });
  if (!counts) return;
  await Job.fail(String(item.jobId), reason);
  log.warn("mailing send paused", { ...batch.ref, reason, ...counts });
}

async function finish(mailing: Mailing, batch: Batch, item: HeadItem, cursor: string) {
  const counts = await settle(mailing, batch, cursor, "sent", { sentAt: new Date().toISOString() });
  if (!counts) return;
  const processed = counts.sent + counts.failed;
  await Job.finish(String(item.jobId), { ...counts }, { phase: "done", completed: processed, total: processed });
  await Audit.record({ action: mailing.audit.sent, actor: String(item.startedBy), target: target(item), rows: counts.sent });
}
