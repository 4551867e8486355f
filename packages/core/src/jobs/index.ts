export * as Job from "./index";

import { GetCommand, TransactWriteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { z } from "zod";
import { Bus } from "../bus";
import { db, table } from "../db/client";
import { expiresIn, Keys } from "../db/keys";
import { errorAttributes, log } from "../log";
import { Outbox } from "../outbox";
import { NotFoundError } from "../util/error";
import { sortableId } from "../util/id";

/**
 * A long operation an administrator starts and watches (a spreadsheet sync today; report, guide
 * and subscriber syncs later). The API request only creates the record and publishes an event; a
 * subscriber with a long timeout runs the work (`run`), reporting progress into the record, which
 * the console polls through `GET /api/admin/jobs/{id}`.
 *
 * queued ──claim──► running ──► done (result)
 *    │                 └──────► failed (error)
 *    └─ not started within START_WITHIN_MS, or running past its lease: read as failed
 */
export const Id = z.string().regex(/^[0-9a-z]{21}$/, "Unknown job");

export type Status = "queued" | "running" | "done" | "failed";

export interface Progress {
  /** what the job is doing now, e.g. "waiting", "reading", "writing" */
  phase: string;
  completed: number;
  /** null until the job knows how much there is */
  total: number | null;
}

export interface Info {
  id: string;
  kind: string;
  /** the administrator who started it (e-mail) */
  actor: string;
  status: Status;
  createdAt: string;
  startedAt?: string;
  finishedAt?: string;
  progress: Progress;
  /** what a finished job produced, e.g. {rows, destination} */
  result?: Record<string, unknown>;
  /** why a failed job failed, in words an administrator can act on */
  error?: string;
  /** what the job was asked to do (e.g. an export's query and file name) */
  params?: Record<string, unknown>;
}

/** A queued job not started by then (even after the outbox sweeper's republishing) is given up: read as failed, never claimed. */
export const START_WITHIN_MS = 30 * 60_000;
const KEEP_FOR_SECONDS = 30 * 24 * 3600;
/**
 * A private job (an `owner`'s export, delivery pack or search of report text) holds that person's
 * query, snippets and names: its item goes after two days (a day to download, and the start and run
 * before it), read as not found from then on even before DynamoDB's TTL removes it.
 */
export const PRIVATE_KEEP_SECONDS = 2 * 24 * 3600;
export const NEVER_STARTED = "The job did not start in time; please start it again";
export const STOPPED = "The job stopped before it finished (it timed out or crashed); please start it again";
const UNEXPECTED = "unexpected error (see the server log)";

/** The lease of a job run by one of the 15-minute subscribers (exports, searches, sheet syncs): their whole timeout. */
export const SUBSCRIBER_LEASE_MS = 15 * 60_000;
/** `RunContext.tick` writes a job's progress at most this often (each write is one write unit). */
export const PROGRESS_EVERY_MS = 1_000;

const QUEUED: Progress = { phase: "queued", completed: 0, total: null };

function toInfo(item: Record<string, unknown>, now = Date.now()): Info {
  const info: Info = {
    id: item.id as string,
    kind: item.kind as string,
    actor: item.actor as string,
    status: item.status as Status,
    createdAt: item.createdAt as string,
    progress: (item.progress as Progress | undefined) ?? QUEUED,
    ...(item.startedAt ? { startedAt: item.startedAt as string } : {}),
    ...(item.finishedAt ? { finishedAt: item.finishedAt as string } : {}),
    ...(item.result ? { result: item.result as Record<string, unknown> } : {}),
    ...(item.error ? { error: item.error as string } : {}),
    ...(item.params ? { params: item.params as Record<string, unknown> } : {}),
  };
  // Nothing will move these on: the console must see an end rather than poll forever.
  if (info.status === "queued" && Number(item.startBy) < now) return { ...info, status: "failed", error: NEVER_STARTED };
  if (info.status === "running" && Number(item.leaseUntil) < now) return { ...info, status: "failed", error: STOPPED };
  return info;
}

/**
 * Who starts a job that holds what only they asked for (an export's query and file, a delivery pack,
 * a search of report text and its snippets): their e-mail for the audit trail, their Cognito `sub` as
 * the job's `owner`, the only administrator who may read it (`getOwn`) or download its file.
 */
export interface Starter {
  email: string;
  sub: string;
}

interface NewJob {
  kind: string;
  actor: string;
  /** the administrator (`sub`) the job is private to; none: any administrator may read it (a sheet sync, a newsletter send) */
  owner?: string;
  params?: Record<string, unknown>;
}

/** The job's item, for callers that write it together with other items (a transaction). */
export function newItem(input: NewJob, now = Date.now()) {
  const id = sortableId(now);
  return {
    ...Keys.job(id),
    type: "job",
    id,
    kind: input.kind,
    actor: input.actor,
    ...(input.owner ? { owner: input.owner } : {}),
    status: "queued" as const,
    createdAt: new Date(now).toISOString(),
    startBy: now + START_WITHIN_MS,
    progress: QUEUED,
    expiresAt: expiresIn(input.owner ? PRIVATE_KEEP_SECONDS : KEEP_FOR_SECONDS),
    ...(input.params ? { params: input.params } : {}),
  };
}

/**
 * Records a queued job together with the event that starts it (`starts`, whose detail names the
 * job) in one transaction, then publishes that event. Should the publish be lost, the outbox
 * sweeper publishes it again; a job is never left queued with nothing to start it.
 */
export async function create<S extends z.ZodType>(input: NewJob, starts: Bus.EventDefinition<S>, detail: (jobId: string) => z.input<S>): Promise<Info> {
  const item = newItem(input);
  const event = Outbox.record(starts, detail(item.id));
  await db().send(
    new TransactWriteCommand({
      TransactItems: [{ Put: { TableName: table(), Item: item, ConditionExpression: "attribute_not_exists(pk)" } }, Outbox.put(event)],
    }),
  );
  await Bus.publish(starts, event.detail as z.input<S>, event.id);
  return toInfo(item);
}

/**
 * A private job (one with an `owner`) past its keeping time (PRIVATE_KEEP_SECONDS): gone for everyone,
 * though DynamoDB's TTL may not have removed its item yet.
 */
const privateAndExpired = (item: Record<string, unknown>, now = Date.now()) => item.owner !== undefined && Number(item.expiresAt) * 1000 < now;

async function stored(id: string): Promise<Record<string, unknown>> {
  const parsed = Id.safeParse(id);
  const res = parsed.success ? await db().send(new GetCommand({ TableName: table(), Key: Keys.job(parsed.data), ConsistentRead: true })) : undefined;
  if (!res?.Item || privateAndExpired(res.Item)) throw new NotFoundError("job.not_found", "Job not found");
  return res.Item;
}

export async function get(id: string): Promise<Info> {
  return toInfo(await stored(id));
}

/**
 * The job as administrator `sub` may see it: another administrator's private job (`owner`) is not
 * found, as an unknown one is, so its query, snippets and file stay with whoever asked for them.
 */
export async function getOwn(id: string, sub: string): Promise<Info> {
  const item = await stored(id);
  if (item.owner !== undefined && item.owner !== sub) throw new NotFoundError("job.not_found", "Job not found");
  return toInfo(item);
}

const isConflict = (err: unknown) => (err as Error).name === "ConditionalCheckFailedException";

/**
 * queued → running, once: a repeated delivery of the start event finds it running (or finished)
 * and gets undefined. `leaseMs` must cover the runner's whole time limit (its Lambda timeout).
 */
export async function claim(id: string, kind: string, leaseMs: number): Promise<Info | undefined> {
  const now = Date.now();
  try {
    const res = await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: Keys.job(id),
        UpdateExpression: "SET #status = :running, startedAt = :at, leaseUntil = :lease",
        ConditionExpression: "#status = :queued AND kind = :kind AND startBy > :now",
        ExpressionAttributeNames: { "#status": "status" },
        ExpressionAttributeValues: {
          ":running": "running",
          ":queued": "queued",
          ":kind": kind,
          ":at": new Date(now).toISOString(),
          ":lease": now + leaseMs,
          ":now": now,
        },
        ReturnValues: "ALL_NEW",
      }),
    );
    return toInfo(res.Attributes!);
  } catch (err) {
    if (isConflict(err)) return undefined;
    throw err;
  }
}

/** Updates a running job's progress (a job no longer running is left as it is). */
export async function report(id: string, progress: Progress): Promise<void> {
  await settle(id, "SET progress = :progress", { ":progress": progress });
}

/** Updates a job only while it is running, so a late or repeated write never reopens a finished one. */
async function settle(id: string, update: string, values: Record<string, unknown>, names: Record<string, string> = {}): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: Keys.job(id),
        UpdateExpression: update,
        ConditionExpression: "#status = :running",
        ExpressionAttributeNames: { "#status": "status", ...names },
        ExpressionAttributeValues: { ":running": "running", ...values },
      }),
    );
    return true;
  } catch (err) {
    if (isConflict(err)) return false;
    throw err;
  }
}

export function finish(id: string, result: Record<string, unknown>, progress: Progress): Promise<boolean> {
  return settle(
    id,
    "SET #status = :done, finishedAt = :at, #result = :result, progress = :progress REMOVE leaseUntil",
    { ":done": "done", ":at": new Date().toISOString(), ":result": result, ":progress": progress },
    { "#result": "result" },
  );
}

export function fail(id: string, reason: string): Promise<boolean> {
  return settle(
    id,
    "SET #status = :failed, finishedAt = :at, #error = :error REMOVE leaseUntil",
    { ":failed": "failed", ":at": new Date().toISOString(), ":error": reason },
    { "#error": "error" },
  );
}

/**
 * Progress written through `write`: now (`report`, a phase's start or end), or only if `everyMs` have
 * passed since the last write (`tick`, inside a loop over pages or records), so a long operation costs
 * one write unit a second at most. Jobs use it (`RunContext`), and so does a person's erasure
 * (privacy/erasure.ts), which keeps its progress in its request.
 */
export function progressWriter<P>(write: (progress: P) => Promise<void>, everyMs = PROGRESS_EVERY_MS) {
  let reportedAt = performance.now();
  const now = async (progress: P) => {
    reportedAt = performance.now();
    await write(progress);
  };
  return {
    report: now,
    tick: async (progress: P) => {
      if (performance.now() - reportedAt >= everyMs) await now(progress);
    },
  };
}

export interface RunOptions {
  /** ≥ the runner's time limit: a run still "running" after it is read as crashed. */
  leaseMs: number;
  /** The failure's reason as the administrator reads it; undefined for "unexpected error". */
  reasonOf?: (err: unknown) => string | undefined;
}

export interface RunContext {
  job: Info;
  /** Writes the job's progress now (a phase's start or end). */
  report: (progress: Progress) => Promise<void>;
  /** Writes the job's progress if PROGRESS_EVERY_MS have passed since the last write (inside a loop over pages). */
  tick: (progress: Progress) => Promise<void>;
}

/**
 * Runs job `id` once: claims it, runs `work` (which reports its progress), then marks it done with
 * the result `work` returns, or failed with the reason. A failure is an outcome, not an exception:
 * the job is over and the administrator may start another. Resolves undefined when the job was
 * not this runner's to run (already claimed, finished, expired or of another kind).
 */
export async function run<R extends Record<string, unknown>>(
  id: string,
  kind: string,
  options: RunOptions,
  work: (context: RunContext) => Promise<R>,
): Promise<Info | undefined> {
  const job = await claim(id, kind, options.leaseMs);
  if (!job) {
    log.info("job not claimed", { jobId: id, kind });
    return undefined;
  }
  let last: Progress = job.progress;
  const writer = progressWriter((progress: Progress) => report(id, progress));
  const context: RunContext = {
    job,
    report: (progress) => writer.report((last = progress)),
    tick: (progress) => writer.tick((last = progress)),
  };
  try {
    const result = await work(context);
    const progress = { phase: "done", completed: last.total ?? last.completed, total: last.total ?? last.completed };
    await finish(id, result, progress);
  } catch (err) {
    const reason = options.reasonOf?.(err);
    log.error("job failed", { jobId: id, kind, ...errorAttributes(err) });
    await fail(id, reason ?? UNEXPECTED);
  }
  return get(id);
}
