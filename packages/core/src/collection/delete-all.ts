import { QueryCommand as RawQueryCommand } from "@aws-sdk/client-dynamodb";
import { TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { z } from "zod";
import { settings } from "../config";
import { cancellationCodes } from "../db/cancellation";
import { db, rawDb, table } from "../db/client";
import { queryCount } from "../db/query";
import { pool } from "../util/pool";
import { sortableIdFloor } from "../util/id";
import type { TransactItem } from "../db/transact";

/**
 * Chunked delete-all for an admin collection: one chunk per API call, continued with the audited
 * operation's id (audit/index.ts `Audit.chunk`) until done. The operation deletes the records that
 * existed when it began (ids are time-sortable, and so is its stored start), so records created while
 * it runs survive and it always finishes. A collection supplies how to find and delete its records.
 */
export const CONFIRM_WORD = "CONFIRM";
export const CONFIRM_MESSAGE = "Please type CONFIRM exactly to proceed";

/** `confirm` must be CONFIRM, exactly; `extra` adds the collection's own fields (e.g. a petition id). */
export function deleteAllInput<F extends z.ZodRawShape>(extra: F) {
  return z.object({
    confirm: z.literal(CONFIRM_WORD, { error: CONFIRM_MESSAGE }),
    ...extra,
    /** continues an operation the server issued; its cut-off comes from the stored operation */
    operationId: z
      .string()
      .regex(/^[0-9a-z]{21}$/, "Unknown operation")
      .optional(),
  });
}

/** One chunk's answer (the audited operation adds its `operationId`). */
export interface Progress {
  /** records deleted by this call */
  deleted: number;
  /** records the operation still has to delete */
  remaining: number;
  done: boolean;
}

/** Records deleted per call of a chunked deletion (the setting DELETE_CHUNK). */
export const deleteChunkSize = (): number => settings().DELETE_CHUNK;

export interface ChunkedDeleteDef<Victim> {
  /** records per deletion transaction (≤ 100 items with everything each one deletes) */
  groupSize: number;
  /** transactions in flight (default 4) */
  concurrency?: number;
  /** the parts of a scope, deleted in this order */
  parts: (scope: string | undefined) => readonly string[] | Promise<readonly string[]>;
  /** up to `limit` records of the part with an id below `beforeId` (all when omitted), oldest first */
  victims: (part: string, limit: number, beforeId?: string) => Promise<Victim[]>;
  /** deletes one group atomically (see `deleteInTransaction`); answers how many it deleted */
  deleteGroup: (part: string, group: Victim[], index: number) => Promise<number>;
  /** after a chunk of the part: e.g. forget a cached count */
  afterChunk?: (part: string) => Promise<void> | void;
  /** how many records of the part with an id below `beforeId` are left */
  remaining: (part: string, beforeId: string) => Promise<number>;
}

/** Deletes up to `limit` of the part's records (those with an id below `beforeId`, when given). */
export async function deleteChunk<V>(d: ChunkedDeleteDef<V>, part: string, limit = deleteChunkSize(), beforeId?: string): Promise<number> {
  const found = await d.victims(part, limit, beforeId);
  if (!found.length) return 0;
  const groups: V[][] = [];
  for (let i = 0; i < found.length; i += d.groupSize) groups.push(found.slice(i, i + d.groupSize));
  let deleted = 0;
  await pool(groups, d.concurrency ?? 4, async (group, i) => {
    const n = await d.deleteGroup(part, group, i); // not `deleted += await ...`: that reads `deleted` before the await
    deleted += n;
  });
  await d.afterChunk?.(part);
  return deleted;
}

/**
 * One chunk of a delete-all begun at `startedAt` (the operation's stored start, ISO): deletes up to a
 * chunk of records created before it, across the scope's parts in order.
 */
export async function deleteAll<V>(d: ChunkedDeleteDef<V>, scope: string | undefined, startedAt: string): Promise<Progress> {
  const started = Date.parse(startedAt);
  if (Number.isNaN(started)) throw new Error(`delete-all needs the operation's start time, got ${JSON.stringify(startedAt)}`);
  const chunk = deleteChunkSize();
  const beforeId = sortableIdFloor(started);
  const parts = await d.parts(scope);
  let deleted = 0;
  for (const part of parts) {
    if (deleted >= chunk) break;
    deleted += await deleteChunk(d, part, chunk - deleted, beforeId);
  }
  // fewer than a chunk found: nothing older is left, whatever the counts say
  if (deleted < chunk) return { deleted, remaining: 0, done: true };
  const left = (await Promise.all(parts.map(async (part) => Math.max(0, await d.remaining(part, beforeId))))).reduce((a, b) => a + b, 0);
  return { deleted, remaining: left, done: left === 0 };
}

export interface GroupDeletion<V> {
  /** the record's own delete, with `ConditionExpression: "attribute_exists(pk)"` (a record someone else deleted is left out) */
  record: (victim: V) => TransactItem;
  /** what goes with each record: guards, its index item, ... */
  companions?: (victim: V) => TransactItem[];
  /** items once per transaction for `n` records (a counter decremented by n); `attempt` picks e.g. another shard; `pending` are the records */
  totals?: (n: number, attempt: number, pending: readonly V[]) => TransactItem[];
}

const MAX_ATTEMPTS = 20;

/**
 * Deletes a group of records in one transaction: every record first, then their companions, then the
 * totals. Records another caller deleted meanwhile are left out and the rest retried; a transaction
 * conflict is retried after a short random pause. Answers how many records it deleted.
 */
export async function deleteInTransaction<V>(victims: readonly V[], deletion: GroupDeletion<V>): Promise<number> {
  let pending = [...victims];
  for (let attempt = 0; pending.length; attempt++) {
    const items: TransactItem[] = [
      ...pending.map(deletion.record),
      ...(deletion.companions ? pending.flatMap(deletion.companions) : []),
      ...(deletion.totals?.(pending.length, attempt, pending) ?? []),
    ];
    try {
      await db().send(new TransactWriteCommand({ TransactItems: items }));
      return pending.length;
    } catch (err) {
      const reasons = cancellationCodes(err);
      const gone = new Set(pending.map((_, i) => i).filter((i) => reasons[i] === "ConditionalCheckFailed"));
      const conflict = reasons.includes("TransactionConflict") || (err as Error).name === "TransactionConflictException";
      if ((!gone.size && !conflict) || attempt > MAX_ATTEMPTS) throw err;
      pending = pending.filter((_, i) => !gone.has(i));
      if (conflict) await new Promise((r) => setTimeout(r, Math.random() * 20 * (attempt + 1)));
    }
  }
  return 0;
}

/**
 * Victims from a part's index partitions, for collections whose index rows carry what a deletion
 * needs: up to `limit` rows with an id below `beforeId` (all when omitted), oldest first, read
 * consistently from every partition in parallel.
 */
export async function indexVictims<V extends { id: string }>(
  partitions: readonly string[],
  decode: (id: string, packed: string) => V,
  limit: number,
  beforeId?: string,
): Promise<V[]> {
  const found = await Promise.all(
    partitions.map(async (partition) => {
      const res = await rawDb().send(
        new RawQueryCommand({
          TableName: table(),
          KeyConditionExpression: beforeId === undefined ? "pk = :pk" : "pk = :pk AND sk < :before",
          ExpressionAttributeValues: { ":pk": { S: partition }, ...(beforeId === undefined ? {} : { ":before": { S: beforeId } }) },
          ProjectionExpression: "sk, r",
          ConsistentRead: true,
          Limit: limit,
        }),
      );
      return (res.Items ?? []).map((item) => decode(item.sk.S!, item.r.S!));
    }),
  );
  return found
    .flat()
    .sort((a, b) => (a.id < b.id ? -1 : 1))
    .slice(0, limit);
}

/** Index rows of a part made at or after an operation began (ids ≥ `fromId`): what its delete-all spares. */
export async function indexCountFrom(partitions: readonly string[], fromId: string): Promise<number> {
  const counts = await Promise.all(
    partitions.map((partition) =>
      queryCount({
        TableName: table(),
        KeyConditionExpression: "pk = :pk AND sk >= :from",
        ExpressionAttributeValues: { ":pk": partition, ":from": fromId },
        ConsistentRead: true,
      }),
    ),
  );
  return counts.reduce((a, b) => a + b, 0);
}
