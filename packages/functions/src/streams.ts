/**
 * Every consumer of the table's change stream (docs/architecture.md "Side effects from the table's
 * stream"). The Events stack makes one event source mapping per entry on the table's stream, with
 * its filters, batch size and batching window; `npm start` and the tests read DynamoDB Local's stream
 * with the same entries (scripts/local/streams.ts). A consumer is given batches of the records its
 * filters match, a shard's records in order, and must be idempotent: a failed batch is given again.
 */
import { CONSUMER as SIGNATURE_EFFECTS, KEY_PREFIX as SIGNATURE_KEY_PREFIX, STREAM_FILTERS as SIGNATURE_FILTERS } from "../../core/src/signature/effects";
import type { FilterPattern } from "../../core/src/streams/records";
import type { Needs } from "./needs";
import { MAIL_QUEUE_NEEDS } from "./subscribers";

export interface StreamConsumer {
  /** Unique, kebab-case: construct names, and the key of its batches' markers (streams/apply-once.ts). */
  name: string;
  handler: string;
  /** Lambda event filters (ORed): only matching records reach the function, or are billed. */
  filters: FilterPattern[];
  /** Records per invocation at most. */
  batchSize: number;
  /** How long Lambda gathers records before it invokes with fewer than `batchSize` (MaximumBatchingWindowInSeconds). */
  windowSeconds: number;
  needs: Needs;
  /** Lambda timeout in seconds when the default (10) is too short. */
  timeout?: number;
  /** The partition-key start of the items its filters take: the tests' stand-in for the stream watches only writes to those (scripts/local/write-stream.ts). */
  keyPrefix: string;
}

const fn = (file: string) => `packages/functions/src/events/${file}.handler`;

export const streamConsumers: StreamConsumer[] = [
  // Every side effect of new and confirmed signatures, a hundred at a time: e-mails queued, counts by
  // place, digests, newsletter consents, the spreadsheet's tab (core/src/signature/effects.ts).
  {
    name: SIGNATURE_EFFECTS,
    handler: fn("signature-effects"),
    filters: SIGNATURE_FILTERS,
    batchSize: 100,
    windowSeconds: 1,
    needs: { ...MAIL_QUEUE_NEEDS, bus: true },
    // a nudged drain of the mail queue runs in it (MailDrain.NUDGE_BUDGET_MS)
    timeout: 60,
    keyPrefix: SIGNATURE_KEY_PREFIX,
  },
];
