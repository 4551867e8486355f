import { DeleteCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "../db/client";
import { updateIf } from "../db/conditional";
import { fnv1a, Keys, expiresIn } from "../db/keys";
import { scope } from "../mail/budget";
import { BATCH, batchWrite } from "../db/batch";
import { pool } from "../util/pool";
import { queryPages } from "../db/query";
import { enqueued, type PartitionReads } from "./reads";
import { ITEM_DELIVERIES, LANE_PARTITIONS, LANES, type Delivery, type Lane, type Queued } from "./lanes";
import { MAIL_QUEUE_KEEP_SECONDS } from "../policy/retention";

/**
 * The paced mail queue's storage: what waits in each lane (lanes.ts), where, and how a drain round
 * claims, removes and retries it. The drainer's lease: lease.ts.
 */

/** A queued item left longer than this (a drainer never ran) is removed by TTL rather than kept forever. */
const KEEP_SECONDS = MAIL_QUEUE_KEEP_SECONDS;

/** The queue's destination, as the budget's: SES deployed; locally the outbox directory (tests sharing a table each have their own). */
export { scope } from "../mail/budget";

const identity = (d: Pick<Delivery, "kind" | "eventId">) => `${d.kind}#${d.eventId}`;
const partitionOf = (lane: Lane, first: Delivery) => fnv1a(identity(first)) % LANE_PARTITIONS[lane];

function queuedItem(lane: Lane, deliveries: Delivery[], now: number) {
  const partition = partitionOf(lane, deliveries[0]);
  return {
    partition,
    item: {
      ...Keys.mailQueued(scope(), lane, partition, now, identity(deliveries[0])),
      type: "mailQueued",
      lane,
      deliveries,
      n: deliveries.length,
      enqueuedAt: now,
      attempts: 0,
      expiresAt: expiresIn(KEEP_SECONDS),
    },
  };
}

/**
 * Deliveries (a stream batch's e-mails, or one), ITEM_DELIVERIES to an item of their lane, in BatchWrite
 * calls of 25 items. A second put of the same delivery (a re-delivered batch) is harmless: its send is
 * marked (`sentMarkers`).
 */
export async function putMany(deliveries: readonly (Delivery & { lane: Lane })[], now = Date.now()): Promise<void> {
  const items: ReturnType<typeof queuedItem>[] = [];
  for (const lane of LANES) {
    const ofLane = deliveries.filter((d) => d.lane === lane).map(({ kind, eventId, ref }) => ({ kind, eventId, ref }));
    for (let i = 0; i < ofLane.length; i += ITEM_DELIVERIES) items.push(queuedItem(lane, ofLane.slice(i, i + ITEM_DELIVERIES), now));
  }
  const chunks = [];
  for (let i = 0; i < items.length; i += BATCH) chunks.push(items.slice(i, i + BATCH));
  await pool(chunks, 4, (chunk) => batchWrite(chunk.map((q) => ({ PutRequest: { Item: q.item } }))));
  for (const q of items) enqueued(q.item.lane, q.partition);
}

/** An item as stored, or as written before items held several deliveries (one `kind`, `eventId`, `ref`). */
const toQueued = (lane: Lane, item: Record<string, unknown>): Queued => ({
  lane,
  deliveries: Array.isArray(item.deliveries)
    ? (item.deliveries as Delivery[])
    : [{ kind: String(item.kind), eventId: String(item.eventId), ref: item.ref as Record<string, string> }],
  enqueuedAt: Number(item.enqueuedAt),
  attempts: Number(item.attempts ?? 0),
  retryAt: item.retryAt === undefined ? undefined : Number(item.retryAt),
  pk: String(item.pk),
  sk: String(item.sk),
});

export interface Oldest {
  ready: Queued[];
  /** when the first item that failed lately may be tried again (undefined: none waits) */
  nextRetryAt?: number;
}

/**
 * The oldest ready items of a lane, holding `limit` deliveries or a little more: the first items of
 * each partition, merged by enqueue time. Roughly first in, first out (exactly within a partition).
 * With a drain's `reads`, only the partitions it chooses (reads.ts); without, all of them.
 */
export async function oldest(lane: Lane, limit: number, reads?: { of: PartitionReads; full: boolean }, now = Date.now()): Promise<Oldest> {
  const partitions = LANE_PARTITIONS[lane];
  const perPartition = Math.max(2, Math.ceil((limit * 2) / partitions));
  const chosen = reads ? reads.of.toRead(lane, partitions, reads.full) : Array.from({ length: partitions }, (_, n) => n);
  const found = await Promise.all(
    chosen.map(async (n) => {
      const items = await firstItems(lane, n, perPartition);
      reads?.of.found(lane, n, items.length);
      return items;
    }),
  );
  const all = found.flat();
  const waiting = all.filter((q) => q.retryAt !== undefined && q.retryAt > now).map((q) => q.retryAt!);
  const ready: Queued[] = [];
  let deliveries = 0;
  for (const q of all.filter((q) => q.retryAt === undefined || q.retryAt <= now).sort((a, b) => a.enqueuedAt - b.enqueuedAt)) {
    if (deliveries >= limit) break;
    ready.push(q);
    deliveries += q.deliveries.length;
  }
  return { ready, nextRetryAt: waiting.length ? Math.min(...waiting) : undefined };
}

/** A partition's first items, in enqueue order. */
async function firstItems(lane: Lane, n: number, limit: number): Promise<Queued[]> {
  for await (const page of queryPages({
    TableName: table(),
    KeyConditionExpression: "pk = :pk",
    ExpressionAttributeValues: { ":pk": Keys.mailQueuePartition(scope(), lane, n) },
    Limit: limit,
    // an item just sent and deleted must not come back from a stale replica and be sent again (or folded)
    ConsistentRead: true,
  }))
    return (page.Items ?? []).map((item) => toQueued(lane, item));
  return [];
}

/**
 * Claims an item for one drain round: no other drainer sends it until the claim expires (a drainer
 * that dies mid-round gives its items back then). False when another holds it, or it is gone.
 */
export async function claim(q: Pick<Queued, "pk" | "sk">, ms: number, now = Date.now()): Promise<boolean> {
  return updateIf({
    Key: { pk: q.pk, sk: q.sk },
    UpdateExpression: "SET claimedUntil = :until",
    ConditionExpression: "attribute_exists(pk) AND (attribute_not_exists(claimedUntil) OR claimedUntil < :now)",
    ExpressionAttributeValues: { ":until": now + ms, ":now": now },
  });
}

/** Deletes delivered or folded items (not in a transaction: 1 write unit each, not 2), in BatchWrite calls. */
export async function removeAll(items: Pick<Queued, "pk" | "sk">[]): Promise<void> {
  const chunks = [];
  for (let i = 0; i < items.length; i += BATCH) chunks.push(items.slice(i, i + BATCH));
  await pool(chunks, 4, (chunk) => batchWrite(chunk.map((q) => ({ DeleteRequest: { Key: { pk: q.pk, sk: q.sk } } }))));
}

export async function remove(q: Pick<Queued, "pk" | "sk">): Promise<void> {
  await db().send(new DeleteCommand({ TableName: table(), Key: { pk: q.pk, sk: q.sk } }));
}

/**
 * What is left of an item after a round: the deliveries whose send failed wait before their next
 * attempt (1 s, 2 s, 4 s … at most 5 minutes), kept in the item; they are never dropped.
 */
export async function postpone(q: Queued, failed: Delivery[], now = Date.now()): Promise<void> {
  const attempts = q.attempts + 1;
  await setRetry(q, "SET attempts = :a, retryAt = :r, deliveries = :d, n = :n REMOVE claimedUntil", {
    ":a": attempts,
    ":r": now + Math.min(300_000, 1000 * 2 ** (attempts - 1)),
    ":d": failed,
    ":n": failed.length,
  });
}

/** The mail budget has no slot for them until `until` (mail/budget.ts): they wait, no attempt counted. */
export async function deferUntil(q: Queued, until: number, left: Delivery[] = q.deliveries): Promise<void> {
  await setRetry(q, "SET retryAt = :r, deliveries = :d, n = :n REMOVE claimedUntil", { ":r": until, ":d": left, ":n": left.length });
}

/** An item deleted meanwhile is not written again. */
async function setRetry(q: Queued, update: string, values: Record<string, unknown>): Promise<void> {
  await updateIf({ Key: { pk: q.pk, sk: q.sk }, UpdateExpression: update, ConditionExpression: "attribute_exists(pk)", ExpressionAttributeValues: values });
}

/** How many deliveries wait, per lane (a query per partition: for the dev page, tests and benchmarks). */
export async function pending(): Promise<Record<Lane, number>> {
  const counts = await Promise.all(
    LANES.map(async (lane) => {
      const per = await Promise.all(
        Array.from({ length: LANE_PARTITIONS[lane] }, async (_, n) => {
          let sum = 0;
          for await (const page of queryPages({
            TableName: table(),
            KeyConditionExpression: "pk = :pk",
            ExpressionAttributeValues: { ":pk": Keys.mailQueuePartition(scope(), lane, n) },
            ProjectionExpression: "n",
            ConsistentRead: true,
          }))
            for (const item of page.Items ?? []) sum += Number(item.n ?? 1);
          return sum;
        }),
      );
      return [lane, per.reduce((a, b) => a + b, 0)] as const;
    }),
  );
  return Object.fromEntries(counts) as Record<Lane, number>;
}
