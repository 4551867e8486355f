import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "../db/client";
import { getMany } from "../db/batch";
import { fnv1a, Keys } from "../db/keys";
import { errorAttributes, log } from "../log";
import { MailBudget, scope } from "../mail/budget";

/**
 * How many signature confirmations wait, and so when a signer's should arrive (the sign answer and
 * the "check your inbox" page say it). Counted, not read from the queue (its length is unknown
 * without reading it all):
 *
 * - what was queued: each enqueue of confirmations adds its number to one of QUEUED_SHARDS counters
 *   (one write per stream batch of up to a hundred signatures, spread so no key is hot);
 * - what left: each drain round of the confirmations lane adds what it sent or found already sent,
 *   and the rate at which this drain has been sending them.
 *
 * Waiting = queued − left. A delivery enqueued twice (a redelivered batch) is counted twice and
 * leaves twice (its second copy is found sent), so the two agree. The wait is waiting ÷ the measured
 * rate, or, with no drain lately, ÷ what the mail budget allows confirmations (a day's share too).
 */
export const QUEUED_SHARDS = 8;
/** A signing process reads the counters at most this often (nine items, one BatchGet). */
export const BACKLOG_MAX_AGE_MS = 5_000;
/** A drain's measured rate older than this is not trusted: the budget's ceilings stand in. */
const RATE_MAX_AGE_MS = 120_000;

const queuedKey = (n: number) => Keys.mailBacklog(scope(), `queued#${n}`);
const leftKey = () => Keys.mailBacklog(scope(), "left");

/** Counts `n` confirmations queued (the enqueuer, after their items are written). */
export async function queued(n: number, seed: string): Promise<void> {
  if (n <= 0) return;
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: queuedKey(fnv1a(seed) % QUEUED_SHARDS),
      UpdateExpression: "ADD #n :n",
      ExpressionAttributeNames: { "#n": "n" },
      ExpressionAttributeValues: { ":n": n },
    }),
  );
}

/** Counts `n` confirmations gone from the queue (sent, or found sent), and the drain's rate of sending them. */
export async function left(n: number, perSecond: number, now = Date.now()): Promise<void> {
  if (n <= 0) return;
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: leftKey(),
      UpdateExpression: "ADD #n :n SET #rate = :rate, #at = :at",
      ExpressionAttributeNames: { "#n": "n", "#rate": "rate", "#at": "at" },
      ExpressionAttributeValues: { ":n": n, ":rate": perSecond, ":at": now },
    }),
  );
}

/**
 * A drain's count of the confirmations it took off the queue: each call adds its number and the rate
 * this drain has sent them at since it started. A failed count is logged, never the drain's failure.
 */
export function leftCounter(startedAt = performance.now()): (n: number) => Promise<void> {
  let gone = 0;
  return async (n) => {
    if (n <= 0) return;
    gone += n;
    const rate = gone / Math.max(1, (performance.now() - startedAt) / 1000);
    await left(n, rate).catch((err) => log.warn("mail queue: the confirmations' backlog was not counted down", errorAttributes(err)));
  };
}

export interface Wait {
  /** confirmations queued ahead of a new one */
  ahead: number;
  /** seconds until a confirmation queued now should be sent (0: at once) */
  seconds: number;
}

/** The wait for `ahead` confirmations at a measured `rate` (e-mails/s; 0: unknown) within the budget's ceilings. Pure. */
export function waitFor(ahead: number, rate: number, ceilings = MailBudget.ceilings("confirmation")): Wait {
  if (ahead <= 0) return { ahead: 0, seconds: 0 };
  const perSecond = rate > 0 ? Math.min(rate, ceilings.perSecond) : ceilings.perSecond;
  const byRate = ahead / perSecond;
  // past a day's share, the rest goes out on the following days
  const byDay = ceilings.perDay > 0 ? Math.floor(ahead / ceilings.perDay) * 86_400 : 0;
  return { ahead, seconds: Math.ceil(Math.max(byRate, byDay)) };
}

/** The counters as stored now. */
export async function read(now = Date.now()): Promise<Wait> {
  const items = await getMany([...Array.from({ length: QUEUED_SHARDS }, (_, n) => queuedKey(n)), leftKey()]);
  const leftItem = items.find((i) => i.pk === leftKey().pk);
  const queuedTotal = items.filter((i) => i !== leftItem).reduce((sum, i) => sum + Number(i.n ?? 0), 0);
  const gone = Number(leftItem?.n ?? 0);
  const fresh = leftItem && now - Number(leftItem.at ?? 0) <= RATE_MAX_AGE_MS;
  return waitFor(Math.max(0, queuedTotal - gone), fresh ? Number(leftItem.rate ?? 0) : 0);
}

let cached: { at: number; wait: Promise<Wait> } | undefined;

/** The wait a new confirmation faces, read at most every BACKLOG_MAX_AGE_MS per process. */
export function current(now = Date.now()): Promise<Wait> {
  if (!cached || now - cached.at > BACKLOG_MAX_AGE_MS) {
    const wait = read(now);
    cached = { at: now, wait };
    // a failed read is not kept: the next signer reads again
    wait.catch(() => {
      if (cached?.wait === wait) cached = undefined;
    });
  }
  return cached.wait;
}

/** Forgets the cached counters (tests). */
export function forget(): void {
  cached = undefined;
}
