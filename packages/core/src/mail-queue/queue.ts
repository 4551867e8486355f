import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { randomUUID } from "node:crypto";
import { db, table } from "../db/client";
import { fnv1a, Keys, expiresIn } from "../db/keys";
import { scope } from "../mail/budget";
import { BATCH, batchWrite } from "../db/batch";
import { pool } from "../util/pool";
import { queryCount, queryPages } from "../db/query";
import { enqueued, type PartitionReads } from "./reads";

/**
 * The paced mail queue's storage: what waits, where, and the one drainer's lease. Lanes are drained
 * in this order, so a confirmation link never waits behind a surge's share e-mails:
 * - `links`: e-mails a person is waiting for to go on (the newsletter confirmation link);
 * - `notices`: the administrators' notice of each signature (gathered into digests in a surge);
 * - `visitor`: the signer's share e-mail.
 * Each lane is spread over partitions by the delivery's id, so enqueuing at the signing rate writes
 * no key hotter than 1/partitions of the signatures (docs/architecture.md "Capacity").
 */
export const LANES = ["links", "notices", "visitor"] as const;
export type Lane = (typeof LANES)[number];
/**
 * Each delivery costs its partition a put at the signing rate and a delete when it is sent (or
 * folded): 2 units over 32 partitions is 0.0625 a signature, as much as a counter shard takes
 * (docs/architecture.md "Capacity"); links come from 30 % of signers.
 */
export const LANE_PARTITIONS: Record<Lane, number> = { links: 16, notices: 32, visitor: 32 };

/** A waiting delivery: what to send is rendered when it is sent, from the records it names. */
export interface Queued {
  lane: Lane;
  /** the delivery's kind (deliveries.ts), also its once() scope */
  kind: string;
  /** the event that caused it: kind + eventId is its identity, across re-deliveries */
  eventId: string;
  /** what the kind needs to render it, e.g. {petitionId, signatureId}; never a rendered message */
  ref: Record<string, string>;
  enqueuedAt: number;
  attempts: number;
  retryAt?: number;
  /** the item's key */
  pk: string;
  sk: string;
}

/** A queued item left longer than this (a drainer never ran) is removed by TTL rather than kept forever. */
const KEEP_SECONDS = 14 * 24 * 3600;

/** The queue's destination, as the budget's: SES deployed; locally the outbox directory (tests sharing a table each have their own). */
export { scope } from "../mail/budget";

const partitionOf = (lane: Lane, kind: string, eventId: string) => fnv1a(`${kind}#${eventId}`) % LANE_PARTITIONS[lane];

/** One put, spread by id; a second put of the same delivery (a re-delivered event) is harmless: its send is once(). */
export async function put(lane: Lane, kind: string, eventId: string, ref: Record<string, string>, now = Date.now()): Promise<void> {
  const partition = partitionOf(lane, kind, eventId);
  await db().send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...Keys.mailQueued(scope(), lane, partition, now, `${kind}#${eventId}`),
        type: "mailQueued",
        kind,
        eventId,
        ref,
        enqueuedAt: now,
        attempts: 0,
        expiresAt: expiresIn(KEEP_SECONDS),
      },
    }),
  );
  enqueued(lane, partition);
}

const toQueued = (lane: Lane, item: Record<string, unknown>): Queued => ({
  lane,
  kind: String(item.kind),
  eventId: String(item.eventId),
  ref: item.ref as Record<string, string>,
  enqueuedAt: Number(item.enqueuedAt),
  attempts: Number(item.attempts ?? 0),
  retryAt: item.retryAt === undefined ? undefined : Number(item.retryAt),
  pk: String(item.pk),
  sk: String(item.sk),
});

export interface Oldest {
  ready: Queued[];
  /** when the first delivery that failed lately may be tried again (undefined: none waits) */
  nextRetryAt?: number;
}

/**
 * The oldest ready deliveries of a lane, at most `limit`: the first items of each partition, merged
 * by enqueue time. Roughly first in, first out (exactly within a partition). With a drain's `reads`,
 * only the partitions it chooses (reads.ts); without, all of them.
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
  return {
    ready: all
      .filter((q) => q.retryAt === undefined || q.retryAt <= now)
      .sort((a, b) => a.enqueuedAt - b.enqueuedAt)
      .slice(0, limit),
    nextRetryAt: waiting.length ? Math.min(...waiting) : undefined,
  };
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

/** Deletes delivered or folded items (not in a transaction: 1 write unit each, not 2). */
export async function removeAll(items: Pick<Queued, "pk" | "sk">[]): Promise<void> {
  const chunks = [];
  for (let i = 0; i < items.length; i += BATCH) chunks.push(items.slice(i, i + BATCH));
  await pool(chunks, 4, (chunk) => batchWrite(chunk.map((q) => ({ DeleteRequest: { Key: { pk: q.pk, sk: q.sk } } }))));
}

export async function remove(q: Pick<Queued, "pk" | "sk">): Promise<void> {
  await db().send(new DeleteCommand({ TableName: table(), Key: { pk: q.pk, sk: q.sk } }));
}

/** A failed send waits before its next attempt (1 s, 2 s, 4 s … at most 5 minutes); it is never dropped. */
export async function postpone(q: Queued, now = Date.now()): Promise<void> {
  const attempts = q.attempts + 1;
  await setRetry(q, "SET attempts = :a, retryAt = :r", { ":a": attempts, ":r": now + Math.min(300_000, 1000 * 2 ** (attempts - 1)) });
}

/** The mail budget has no slot for it until `until` (mail/budget.ts): it waits, no attempt counted. */
export async function deferUntil(q: Queued, until: number): Promise<void> {
  await setRetry(q, "SET retryAt = :r", { ":r": until });
}

async function setRetry(q: Queued, update: string, values: Record<string, unknown>): Promise<void> {
  await db()
    .send(
      new UpdateCommand({
        TableName: table(),
        Key: { pk: q.pk, sk: q.sk },
        UpdateExpression: update,
        ConditionExpression: "attribute_exists(pk)",
        ExpressionAttributeValues: values,
      }),
    )
    .catch((err) => {
      if ((err as Error).name !== "ConditionalCheckFailedException") throw err;
    });
}

/** How many deliveries wait, per lane (a count query per partition: for the dev page, tests and benchmarks). */
export async function pending(): Promise<Record<Lane, number>> {
  const counts = await Promise.all(
    LANES.map(async (lane) => {
      const per = await Promise.all(
        Array.from({ length: LANE_PARTITIONS[lane] }, (_, n) =>
          queryCount({
            TableName: table(),
            KeyConditionExpression: "pk = :pk",
            ExpressionAttributeValues: { ":pk": Keys.mailQueuePartition(scope(), lane, n) },
          }),
        ),
      );
      return [lane, per.reduce((a, b) => a + b, 0)] as const;
    }),
  );
  return Object.fromEntries(counts) as Record<Lane, number>;
}

/**
 * The drainer's lease: taken when free or expired, renewed by its holder, given back by token.
 * Answers the token, or undefined when another drainer holds it. One read first, so processes that
 * find it held (every enqueuer of a surge nudges) do not each write a refused condition.
 */
export async function takeLease(ms: number, now = Date.now()): Promise<string | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: Keys.mailQueueLease(scope()), ConsistentRead: true }));
  if (Item && Number(Item.lockedUntil) >= now) return undefined;
  const token = randomUUID();
  try {
    await db().send(
      new PutCommand({
        TableName: table(),
        Item: { ...Keys.mailQueueLease(scope()), type: "mailQueueLease", token, lockedUntil: now + ms },
        ConditionExpression: "attribute_not_exists(pk) OR lockedUntil < :now",
        ExpressionAttributeValues: { ":now": now },
      }),
    );
    return token;
  } catch (err) {
    if ((err as Error).name === "ConditionalCheckFailedException") return undefined;
    throw err;
  }
}

export async function renewLease(token: string, ms: number): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: Keys.mailQueueLease(scope()),
        UpdateExpression: "SET lockedUntil = :until",
        ConditionExpression: "#token = :token",
        ExpressionAttributeNames: { "#token": "token" },
        ExpressionAttributeValues: { ":until": Date.now() + ms, ":token": token },
      }),
    );
    return true;
  } catch (err) {
    if ((err as Error).name === "ConditionalCheckFailedException") return false;
    throw err;
  }
}

export async function releaseLease(token: string): Promise<void> {
  try {
    await db().send(
      new DeleteCommand({
        TableName: table(),
        Key: Keys.mailQueueLease(scope()),
        ConditionExpression: "#token = :token",
        ExpressionAttributeNames: { "#token": "token" },
        ExpressionAttributeValues: { ":token": token },
      }),
    );
  } catch (err) {
    if ((err as Error).name !== "ConditionalCheckFailedException") throw err;
  }
}
