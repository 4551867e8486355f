import { Audit } from "../audit";
import { Bus } from "../bus";
import { transactIf } from "../db/transact-if";
import { Job } from "../jobs";
import { Outbox } from "../outbox";
import { sortableId } from "../util/id";
import type { Mailing, MailingRef } from "./definition";
import { CannotSend, headOf, target } from "./head";
import { LEASE_MS } from "./limits";
import { summaryOf, type HeadItem, type SendStarted } from "./summary";

/** DynamoDB refuses values an expression does not use: keeps those `expression` names. */
const usedIn = (expression: string, values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).filter(([name]) => new RegExp(`${name}\\b`).test(expression)));

/** How a run begins: the head's update (it gets `:sending`, `:run`, `:job`, `:lease`, `:now`, `:at`, `:actor` besides its own values). */
export interface RunStart {
  cursor: string;
  update: string;
  condition: string;
  values: Record<string, unknown>;
  audit: "started" | "resumed";
}

/** A run's job for the console's progress and its first batch event, as its transaction writes them. */
function newRun(mailing: Mailing, ref: MailingRef, cursor: string, actor: string) {
  const now = Date.now();
  const job = Job.newItem({ kind: mailing.jobKind, actor }, now);
  const run = sortableId(now);
  return { now, job, run, event: Outbox.record(mailing.batch.event, mailing.batch.detail(ref, run, cursor), now) };
}

/** Once the run's transaction is written: its first event published, its start audited. */
async function announce(mailing: Mailing, { event }: ReturnType<typeof newRun>, audit: RunStart["audit"], actor: string, item: HeadItem) {
  await Bus.publish(mailing.batch.event, event.detail, event.id);
  await Audit.record({ action: mailing.audit[audit], actor, target: target(item), rows: 0 });
}

/**
 * Starts a run of the send: in one transaction the head's update (conditional on what the caller
 * read), a job for the console's progress and the run's first batch event (outbox); then published
 * and audited → 202's `{jobId, issue}`. A failed condition is a 409 with the status found.
 */
export async function beginRun(mailing: Mailing, ref: MailingRef, item: HeadItem, actor: string, how: RunStart): Promise<SendStarted> {
  const started = newRun(mailing, ref, how.cursor, actor);
  const { now, job, run, event } = started;
  const values = {
    ":sending": "sending",
    ":run": run,
    ":job": job.id,
    ":lease": now + LEASE_MS,
    ":now": now,
    ":at": new Date(now).toISOString(),
    ":actor": actor,
  };
  const head = {
    Key: mailing.head(ref),
    UpdateExpression: how.update,
    ConditionExpression: how.condition,
    ExpressionAttributeNames: { "#status": "status", "#cursor": "cursor", "#run": "run" },
    ExpressionAttributeValues: usedIn(`${how.update} ${how.condition}`, { ...values, ...how.values }),
  };
  const written = await transactIf([{ Update: head }, { Put: { Item: job, ConditionExpression: "attribute_not_exists(pk)" } }, Outbox.put(event)]);
  if (!written) throw new CannotSend(summaryOf(await headOf(mailing, ref)).status);
  await announce(mailing, started, how.audit, actor, item);
  return { jobId: job.id, issue: summaryOf(await headOf(mailing, ref)) };
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
  const started = newRun(mailing, ref, "", actor);
  const { now, job, run, event } = started;
  const at = new Date(now).toISOString();
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
  const written = await transactIf([
    { Put: { Item: item, ConditionExpression: "attribute_not_exists(pk)" } },
    { Put: { Item: { ...mailing.body(ref), type: "mailingBody", id: ref.id, body: content.body } } },
    { Put: { Item: job, ConditionExpression: "attribute_not_exists(pk)" } },
    Outbox.put(event),
  ]);
  if (!written) return undefined;
  await announce(mailing, started, "started", actor, item);
  return { jobId: job.id, issue: summaryOf(item) };
}

/** Continues a paused send of any mailing from its cursor, as a new run with a new job. */
export async function resume(mailing: Mailing, ref: MailingRef, actor: string): Promise<SendStarted> {
  const item = await headOf(mailing, ref);
  const status = summaryOf(item).status;
  if (status !== "paused") throw new CannotSend(status);
  const cursor = String(item.cursor ?? "");
  return beginRun(mailing, ref, item, actor, {
    cursor,
    // the feedback rates count afresh from here (newsletter/issues/feedback.ts)
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
