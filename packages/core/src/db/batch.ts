import { BatchGetCommand, BatchWriteCommand, type BatchGetCommandOutput } from "@aws-sdk/lib-dynamodb";
import { pool } from "../util/pool";
import { db, table } from "./client";

/** BatchWriteItem's limit. */
export const BATCH = 25;

/** A server-side failure of the whole call (DynamoDB Local answers a lock timeout so): the same puts and deletes may be sent again. */
const isServerFault = (err: unknown) => (err as { $fault?: string }).$fault === "server";
/** No answer within the client's request timeout (DynamoDB Local stalls so under a bulk import): applied or not, unknown. */
const isTimeout = (err: unknown) => (err as { name?: string }).name === "TimeoutError";

/**
 * BatchWriteItem with retries of unprocessed items, and of the whole batch after a server fault or a
 * timeout: its puts and deletes are idempotent, so sending them again is safe whether or not they applied.
 */
export async function batchWrite(requests: Record<string, unknown>[]): Promise<void> {
  let pending = requests;
  for (let attempt = 0; pending.length; attempt++) {
    let res;
    try {
      res = await db().send(new BatchWriteCommand({ RequestItems: { [table()]: pending as never } }));
    } catch (err) {
      if (!(isServerFault(err) || isTimeout(err)) || attempt > 20) throw err;
      await new Promise((r) => setTimeout(r, Math.min(1000, 20 * 2 ** attempt)));
      continue;
    }
    pending = (res.UnprocessedItems?.[table()] ?? []) as Record<string, unknown>[];
    if (pending.length) {
      if (attempt > 20) throw new Error(`BatchWrite left ${pending.length} items unprocessed`);
      await new Promise((r) => setTimeout(r, Math.min(1000, 20 * 2 ** attempt)));
    }
  }
}

/**
 * Sends again a call DynamoDB Local refused with a lock timeout (a server fault that applied
 * nothing: "This request will succeed in actual DynamoDB"), for bulk imports whose concurrent ADDs
 * meet on the same counters. Not for visitors' writes: those go through transactions and their retries.
 */
export async function sendUnappliedAgain<T>(send: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await send();
    } catch (err) {
      const lockTimeout = isServerFault(err) && /waiting for a lock/.test((err as Error).message);
      if (!lockTimeout || attempt > 20) throw err;
      await new Promise((r) => setTimeout(r, Math.min(1000, 20 * 2 ** attempt)));
    }
  }
}

/** Puts `items` in batches of 25, `concurrency` batches in flight (seeding, imports: no conditions). */
export async function putAll(items: Record<string, unknown>[], concurrency = 16): Promise<void> {
  const batches: Record<string, unknown>[][] = [];
  for (let i = 0; i < items.length; i += BATCH) batches.push(items.slice(i, i + BATCH).map((Item) => ({ PutRequest: { Item } })));
  await pool(batches, concurrency, (batch) => batchWrite(batch));
}

/** BatchGetItem's limit. */
export const BATCH_GET = 100;

export interface GetManyOptions {
  consistent?: boolean;
  projection?: string;
  names?: Record<string, string>;
}

/**
 * The items of `keys` that exist, in no particular order: BatchGetItem in chunks of 100, in
 * parallel, with retries of unprocessed keys.
 */
export async function getMany(keys: Record<string, unknown>[], options: GetManyOptions = {}): Promise<Record<string, unknown>[]> {
  const chunks: Record<string, unknown>[][] = [];
  for (let i = 0; i < keys.length; i += BATCH_GET) chunks.push(keys.slice(i, i + BATCH_GET));
  const found: Record<string, unknown>[] = [];
  await Promise.all(
    chunks.map(async (chunk) => {
      let pending = chunk;
      for (let attempt = 0; pending.length; attempt++) {
        const res: BatchGetCommandOutput = await db().send(
          new BatchGetCommand({
            RequestItems: {
              [table()]: {
                Keys: pending,
                ...(options.consistent ? { ConsistentRead: true } : {}),
                ...(options.projection ? { ProjectionExpression: options.projection } : {}),
                ...(options.names ? { ExpressionAttributeNames: options.names } : {}),
              },
            },
          }),
        );
        found.push(...(res.Responses?.[table()] ?? []));
        pending = res.UnprocessedKeys?.[table()]?.Keys ?? [];
        if (pending.length) {
          if (attempt > 20) throw new Error(`BatchGet left ${pending.length} keys unprocessed`);
          await new Promise((r) => setTimeout(r, Math.min(1000, 20 * 2 ** attempt)));
        }
      }
    }),
  );
  return found;
}
