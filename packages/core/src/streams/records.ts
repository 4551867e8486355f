import type { AttributeValue } from "@aws-sdk/client-dynamodb";
import { unmarshall } from "@aws-sdk/util-dynamodb";

/**
 * The table's change stream (docs/architecture.md "Side effects from the table's stream"): every
 * write to the table is a record of its keys and its item before and after. Lambda hands a consumer
 * batches of the records its filters match (deployed, an event source mapping on the table's
 * stream; locally scripts/local/streams.ts reads DynamoDB Local's stream the same way). Pure: no I/O.
 */
export interface StreamRecord {
  /** unique per record: a batch's identity starts from its first record's */
  eventID: string;
  eventName: "INSERT" | "MODIFY" | "REMOVE";
  eventSourceARN?: string;
  dynamodb: {
    Keys?: Record<string, AttributeValue>;
    NewImage?: Record<string, AttributeValue>;
    OldImage?: Record<string, AttributeValue>;
    /** increasing within a shard (the records of one item are all in one shard, in order) */
    SequenceNumber: string;
    ApproximateCreationDateTime?: number;
  };
}

/** What Lambda invokes a stream consumer with. */
export interface StreamEvent {
  Records: StreamRecord[];
}

/** A consumer's answer: the first record it did not finish, to be retried with all after it (ReportBatchItemFailures). */
export interface StreamBatchResponse {
  batchItemFailures: { itemIdentifier: string }[];
}

export const newImage = (r: StreamRecord): Record<string, unknown> | undefined => (r.dynamodb.NewImage ? unmarshall(r.dynamodb.NewImage) : undefined);
export const oldImage = (r: StreamRecord): Record<string, unknown> | undefined => (r.dynamodb.OldImage ? unmarshall(r.dynamodb.OldImage) : undefined);

/** Sequence numbers are decimal strings of any length: compared as numbers. */
export const sequenceAfter = (a: string, b: string) => BigInt(a) > BigInt(b);

/**
 * A Lambda event filter pattern, the subset the consumers use (the same JSON the event source
 * mapping's FilterCriteria hold): every key of the pattern must match; an array lists the accepted
 * values, of which `{ exists: false }` accepts a missing field and `{ exists: true }` any present one.
 */
export type FilterValue = string | number | boolean | { exists: boolean };
export interface FilterPattern {
  [key: string]: FilterPattern | readonly FilterValue[];
}

function matchesValue(accepted: readonly FilterValue[], value: unknown): boolean {
  return accepted.some((a) => {
    if (typeof a === "object") return a.exists ? value !== undefined : value === undefined;
    return value === a;
  });
}

/** Whether `value` (a stream record, as JSON) matches `pattern`. */
export function matches(pattern: FilterPattern, value: unknown): boolean {
  const object = (typeof value === "object" && value !== null ? value : {}) as Record<string, unknown>;
  return Object.entries(pattern).every(([key, expected]) =>
    Array.isArray(expected) ? matchesValue(expected as readonly FilterValue[], object[key]) : matches(expected as FilterPattern, object[key]),
  );
}

/** Whether a record matches any of a consumer's patterns (Lambda's filters are ORed). */
export const matchesAny = (patterns: readonly FilterPattern[], record: StreamRecord) => patterns.some((p) => matches(p, record));
