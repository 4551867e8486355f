import { GetCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { cancellationCodes } from "../db/cancellation";
import { db, table } from "../db/client";
import { Keys, expiresIn } from "../db/keys";
import { sequenceAfter, type StreamRecord } from "./records";
import type { TransactItem } from "../db/transact";

export type { TransactItem };

/**
 * Counts kept from the table's stream, applied exactly once per record (docs/architecture.md
 * "Side effects from the table's stream"). Lambda may hand a consumer the same records again: after
 * an error, and after a crash between its write and its answer; it always starts again from the first
 * record it was not told was done (ReportBatchItemFailures), in order. So each batch's counts are
 * written in one transaction with a marker keyed by the batch's first record, holding the sequence
 * number of its last: a batch that meets its marker applies only the records after it. Per batch, not
 * per record: a batch of a hundred signatures costs its few count items and one marker (2 write units).
 */

/** DynamoDB's limit of items per transaction, less the marker. */
const MAX_ITEMS = 99;
/** A stream keeps its records 24 hours: a marker outlives every retry of its batch. */
const MARKER_SECONDS = 2 * 24 * 3600;
/** Attempts when a transaction is cancelled by a condition of the caller's (a petition being deleted meanwhile) or a conflict. */
const MAX_ATTEMPTS = 8;

/**
 * Writes `itemsFor(records)` exactly once per record: in chunks whose items fit one transaction,
 * each with its marker. A chunk that meets its marker learns how far an earlier attempt got
 * (`through`), and every record up to there is left out of this chunk and the ones after it. `itemsFor`
 * is asked again after a cancellation (a condition of its own failed: it reads afresh and leaves out
 * what is gone). Records must come from one shard, in order: a Lambda batch always does.
 */
export interface Counts {
  /** the transaction items that count these records (pure: called often, to fit chunks) */
  items: (records: readonly StreamRecord[]) => TransactItem[];
  /** reads afresh what `items` relies on, after a transaction was cancelled by one of its conditions */
  refresh?: () => Promise<void>;
}

export async function applyOnce(consumer: string, records: readonly StreamRecord[], counts: Counts): Promise<void> {
  const itemsFor = counts.items;
  let through: string | undefined;
  let pending = [...records];
  for (let attempt = 1; ;) {
    if (through !== undefined) pending = pending.filter((r) => sequenceAfter(r.dynamodb.SequenceNumber, through!));
    if (!pending.length) return;
    const chunk = fitting(pending, itemsFor);
    const items = itemsFor(chunk);
    if (!items.length) {
      pending = pending.slice(chunk.length);
      continue;
    }
    const marker = Keys.streamBatch(consumer, chunk[0].eventID);
    try {
      await db().send(
        new TransactWriteCommand({
          TransactItems: [
            ...items,
            {
              Put: {
                TableName: table(),
                Item: { ...marker, type: "streamBatch", through: chunk.at(-1)!.dynamodb.SequenceNumber, expiresAt: expiresIn(MARKER_SECONDS) },
                ConditionExpression: "attribute_not_exists(pk)",
              },
            },
          ],
        }),
      );
      pending = pending.slice(chunk.length);
      attempt = 1;
    } catch (err) {
      const reasons = cancellationCodes(err);
      if (reasons[items.length] === "ConditionalCheckFailed") {
        // an earlier attempt applied this chunk's start, and perhaps more: whatever it reached is done
        const { Item } = await db().send(new GetCommand({ TableName: table(), Key: marker, ConsistentRead: true }));
        const reached = String(Item?.through ?? chunk[0].dynamodb.SequenceNumber);
        if (through === undefined || sequenceAfter(reached, through)) through = reached;
        continue;
      }
      if (!reasons.length || attempt++ >= MAX_ATTEMPTS) throw err;
      await new Promise((r) => setTimeout(r, Math.random() * 20 * attempt));
      await counts.refresh?.();
    }
  }
}

/** The longest run of records from the start whose items fit one transaction (at least one record). */
function fitting(records: readonly StreamRecord[], itemsFor: Counts["items"]): StreamRecord[] {
  let n = 1;
  while (n < records.length && itemsFor(records.slice(0, n + 1)).length <= MAX_ITEMS) n++;
  return records.slice(0, n);
}
