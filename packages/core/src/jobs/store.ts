import { GetCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { z } from "zod";
import { Bus } from "../bus";
import { db, table } from "../db/client";
import { expiresIn, Keys } from "../db/keys";
import { Outbox } from "../outbox";
import { NotFoundError } from "../util/error";
import { sortableId } from "../util/id";
import { Id, QUEUED, START_WITHIN_MS, toInfo, type Info } from "./info";

const KEEP_FOR_SECONDS = 30 * 24 * 3600;
/**
 * A private job (an `owner`'s export, delivery pack or search of report text) holds that person's
 * query, snippets and names: its item goes after two days (a day to download, and the start and run
 * before it), read as not found from then on even before DynamoDB's TTL removes it.
 */
export const PRIVATE_KEEP_SECONDS = 2 * 24 * 3600;

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
