export * as Audit from "./index";

import { GetCommand, QueryCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { z } from "zod";
import { emailOf, type Caller } from "../admins";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { putItem, typedItem } from "../db/put-item";
import { NotFoundError, VisibleError } from "../util/error";
import { sortableId } from "../util/id";

export const ACTIONS = [
  "petition.goal_changed",
  "petition.verification_changed",
  "petition.milestones_changed",
  "petition.update_send_started",
  "petition.update_resumed",
  "petition.update_sent",
  "petition.deleted",
  "signature.deleted",
  "signature.withdrawn",
  "signatures.deleted_all",
  "signatures.exported",
  "export.downloaded",
  "signatures.delivery_pack",
  "cases.pack",
  // a case's changes (cases/): each also on the case's own timeline
  "case.created",
  "case.reports_added",
  "case.proposal_dismissed",
  "case.merged",
  "case.split",
  "case.status_changed",
  "case.assigned",
  "case.retitled",
  "case.note_added",
  "signatures.synced",
  "report.status_changed",
  "report.deleted",
  "reports.deleted_all",
  "reports.exported",
  "reports.synced",
  "reports.searched",
  "lead.deleted",
  "leads.deleted_all",
  "leads.exported",
  "leads.synced",
  "newsletter.exported",
  "newsletter.unsubscribed",
  "newsletter.subscriber_deleted",
  "newsletter.issue_deleted",
  "newsletter.issue_send_started",
  "newsletter.issue_resumed",
  "newsletter.issue_sent",
  "newsletter.test_sent",
  "mail.suppression_lifted",
  "mail.breaker_resumed",
  "mail.domain_allowed",
  "mail.held_discarded",
  "privacy.erased",
  "privacy.retention_ran",
  // a published scam alert (alerts/): published from a case, then its words, identifiers or publication changed
  "scam_alert.published",
  "scam_alert.updated",
  // a side effect that failed every retry, delivered again from the console's health panel (dead-letters/)
  "dead_letter.redriven",
] as const;

declare const kindAction: unique symbol;
/** An action of a kind made by defineKind (kinds/define.ts), named from it: made by `kindAction` only, so a typo in a fixed one still fails. */
export type KindAction = string & { readonly [kindAction]: true };
/** `<plural>.exported`, `<plural>.synced`, `<name>.deleted`. */
export const kindActionOf = (subject: string, verb: "exported" | "synced" | "deleted") => `${subject}.${verb}` as KindAction;

export type Action = (typeof ACTIONS)[number] | KindAction;

/** Actions that run as a server-issued operation over several calls. */
export type OperationAction = Extract<
  Action,
  | "petition.deleted"
  | "signatures.deleted_all"
  | "signatures.exported"
  | "reports.deleted_all"
  | "reports.exported"
  | "leads.deleted_all"
  | "leads.exported"
  | "newsletter.exported"
>;

/** "running" from before an operation's first step until its last chunk; a crash leaves it running. */
export type Status = "running" | "completed";

export interface Entry {
  id: string;
  /** ISO UTC, when the action (or its operation) started */
  at: string;
  /** the administrator's e-mail (or username) */
  actor: string;
  action: Action;
  /** what it touched: a petition id, "petition/signature", "all petitions", ... */
  target: string;
  /** how many rows it touched (summed over the chunks of one operation) */
  rows: number;
  status: Status;
  /** ISO UTC, when the last chunk finished */
  completedAt?: string;
}

/** The shape of an operation id (a time-sortable id); only ids the server recorded are accepted. */
export const OperationId = z.string().regex(/^[0-9a-z]{21}$/, "Unknown operation");

export class UnknownOperation extends NotFoundError {
  constructor() {
    super("audit.unknown_operation", "Unknown operation");
  }
}

export class OperationOfAnotherAdmin extends VisibleError {
  constructor() {
    super(403, "audit.operation_forbidden", "This operation was started by another administrator");
  }
}

export class OperationMismatch extends VisibleError {
  constructor(what: "action" | "target") {
    super(400, `audit.operation_${what}_mismatch`, `This operation was started for another ${what}`);
  }
}

export interface RecordInput {
  action: Action;
  actor: string;
  target: string;
  rows: number;
}

/** Records a single-call admin action, once it is done. */
export async function record(input: RecordInput): Promise<Entry> {
  const entry: Entry = { id: sortableId(), at: new Date().toISOString(), ...input, status: "completed" };
  await putItem(typedItem(Keys.audit(entry.id), "audit", entry), { onlyNew: true });
  return entry;
}

/** An operation as its steps see it: what the server recorded when it began. */
export interface Operation {
  id: string;
  action: OperationAction;
  target: string;
  /** ISO UTC, stored when the operation began (delete-all spares signatures made from then on) */
  startedAt: string;
  /** false on the call that began it */
  continued: boolean;
}

export interface OperationRequest {
  action: OperationAction;
  /** the signed-in administrator, from the verified token */
  actor: Caller;
  target: string;
  /** absent: begin a new operation; present: continue one this administrator began for this action and target */
  operationId?: string;
  /** Checked before a new operation is recorded, so a refusal (e.g. an unknown petition) leaves no entry. */
  precheck?: () => Promise<void>;
  /**
   * The step only reads (an export page): a continued operation's check runs beside it, and a
   * refusal discards what it read. A step that writes always waits for the check.
   */
  readOnly?: boolean;
}

export interface Chunk<T> {
  value: T;
  /** rows this chunk touched */
  rows: number;
  /** the operation's last chunk */
  done: boolean;
}

/**
 * Runs one chunk of an audited operation. The first call records the entry ("running", with the
 * actor) before `step` runs, so a crash mid-step leaves a trace; later calls must name an operation
 * this server issued to the same administrator for the same action and target, or are refused
 * before anything changes. After the step the chunk's rows are added; the last chunk completes it.
 */
export async function chunk<T extends object>(req: OperationRequest, step: (op: Operation) => Promise<Chunk<T>>): Promise<T & { operationId: string }> {
  if (req.readOnly && req.operationId) return readOnlyChunk(req, req.operationId, step);
  const op = req.operationId ? await resume(req, req.operationId) : await begin(req);
  const { value, rows, done } = await step(op);
  await advance(op.id, rows, done);
  return { ...value, operationId: op.id };
}

async function readOnlyChunk<T extends object>(
  req: OperationRequest,
  operationId: string,
  step: (op: Operation) => Promise<Chunk<T>>,
): Promise<T & { operationId: string }> {
  const unchecked: Operation = { id: operationId, action: req.action, target: req.target, startedAt: "", continued: true };
  const [checked, stepped] = await Promise.allSettled([resume(req, operationId), step(unchecked)]);
  if (checked.status === "rejected") throw checked.reason;
  if (stepped.status === "rejected") throw stepped.reason;
  const op = checked.value;
  const { value, rows, done } = stepped.value;
  await advance(op.id, rows, done);
  return { ...value, operationId: op.id };
}

async function begin(req: OperationRequest): Promise<Operation> {
  await req.precheck?.();
  const op: Operation = { id: sortableId(), action: req.action, target: req.target, startedAt: new Date().toISOString(), continued: false };
  const entry = {
    id: op.id,
    at: op.startedAt,
    actor: await emailOf(req.actor),
    actorSub: req.actor.sub,
    action: op.action,
    target: op.target,
    rows: 0,
    status: "running",
  };
  await putItem(typedItem(Keys.audit(op.id), "audit", entry), { onlyNew: true });
  return op;
}

async function resume(req: OperationRequest, operationId: string): Promise<Operation> {
  if (!OperationId.safeParse(operationId).success) throw new UnknownOperation();
  const res = await db().send(new GetCommand({ TableName: table(), Key: Keys.audit(operationId), ConsistentRead: true }));
  const item = res.Item;
  // entries of single-call actions carry no actorSub: they were never issued as operations
  if (!item || item.type !== "audit" || typeof item.actorSub !== "string") throw new UnknownOperation();
  if (item.actorSub !== req.actor.sub) throw new OperationOfAnotherAdmin();
  if (item.action !== req.action) throw new OperationMismatch("action");
  if (item.target !== req.target) throw new OperationMismatch("target");
  return { id: operationId, action: req.action, target: req.target, startedAt: item.at as string, continued: true };
}

async function advance(id: string, rows: number, done: boolean) {
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: Keys.audit(id),
      UpdateExpression: done ? "ADD #rows :rows SET #status = :completed, completedAt = if_not_exists(completedAt, :now)" : "ADD #rows :rows",
      ConditionExpression: "attribute_exists(pk)",
      ExpressionAttributeNames: { "#rows": "rows", ...(done ? { "#status": "status" } : {}) },
      ExpressionAttributeValues: { ":rows": rows, ...(done ? { ":completed": "completed", ":now": new Date().toISOString() } : {}) },
    }),
  );
}

const toEntry = (item: Record<string, unknown>): Entry => ({
  id: item.id as string,
  at: item.at as string,
  actor: item.actor as string,
  action: item.action as Action,
  target: item.target as string,
  rows: Number(item.rows ?? 0),
  // entries written before statuses existed were recorded after the fact
  status: (item.status as Status | undefined) ?? "completed",
  ...(item.completedAt ? { completedAt: item.completedAt as string } : {}),
});

export const ListQuery = z.object({
  limit: z.coerce
    .number({ error: "Limit must be a whole number" })
    .int("Limit must be a whole number")
    .min(1, "Limit must be at least 1")
    .max(100, "Limit must be at most 100")
    .default(20),
});

/** Newest first (entry ids are time-sortable). */
export async function list(limit = 20): Promise<Entry[]> {
  const res = await db().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: "pk = :pk AND begins_with(sk, :prefix)",
      ExpressionAttributeValues: { ":pk": Keys.auditPartition, ":prefix": Keys.auditPrefix },
      ScanIndexForward: false,
      Limit: limit,
      ConsistentRead: true,
    }),
  );
  return (res.Items ?? []).map(toEntry);
}
