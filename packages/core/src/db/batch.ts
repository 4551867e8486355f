import { BatchWriteCommand } from "@aws-sdk/lib-dynamodb";
import { pool } from "../util/pool";
import { db, table } from "./client";

/** BatchWriteItem's limit. */
export const BATCH = 25;

/** BatchWriteItem with retries of unprocessed items. */
export async function batchWrite(requests: Record<string, unknown>[]): Promise<void> {
  let pending = requests;
  for (let attempt = 0; pending.length; attempt++) {
    const res = await db().send(new BatchWriteCommand({ RequestItems: { [table()]: pending as never } }));
    pending = (res.UnprocessedItems?.[table()] ?? []) as Record<string, unknown>[];
    if (pending.length) {
      if (attempt > 20) throw new Error(`BatchWrite left ${pending.length} items unprocessed`);
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
