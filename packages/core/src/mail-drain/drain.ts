import { MailBudget } from "../mail/budget";
import { log } from "../log";
import { pacer } from "../util/pacing";
import * as Backlog from "../mail-queue/backlog";
import { LANE_PRIORITY, LANES, roundSize, type Lane, type Queued } from "../mail-queue/lanes";
import { releaseLease, renewLease, takeLease } from "../mail-queue/lease";
import { oldest } from "../mail-queue/queue";
import { identity } from "../mail-queue/sent";
import { PartitionReads } from "../mail-queue/reads";
import { sendRound, type DrainResult } from "./round";
import { foldSurges, sendDueDigests } from "./surges";

export type { DrainResult } from "./round";

/** The lease outlives the budget by this much: the last sends of a round finish under it. */
const LEASE_MARGIN_MS = 15_000;
/** The lease is renewed this often while the drain runs. */
const RENEW_EVERY_MS = 5_000;
/** Notices read at once, to find the petitions in a surge. */
const NOTICE_SCAN = 500;
/** A ready delivery that has waited this long is a backlog: newsletter issues give way until it is gone. */
const BACKLOG_AGE_MS = 2_000;

/**
 * Sends what waits, under the one lease, for at most `budgetMs` (docs/architecture.md "Mail in a
 * surge"). Its four lanes are drained side by side, each a round at a time:
 *
 * 1. the lane's oldest ready items, holding up to a second's worth of e-mails at its priority, each
 *    claimed (a conditional write per item of up to ten e-mails);
 * 2. the deliveries already sent (their markers, one BatchGet) are left out, and a delivery enqueued
 *    twice is sent once;
 * 3. one take of the mail budget for all of them (MailDeferred: they wait, no attempt counted, and
 *    the lane stops until then), one read of the signatures they name and of the suppression list;
 * 4. the e-mails go out, spaced evenly at the lane's rate; the sent ones are marked (BatchWrite), their items deleted
 *    (BatchWrite); a failed one stays in its item and waits before its next attempt (1 s, 2 s, …).
 *
 * About two DynamoDB requests per e-mail (a confirmation's token write, a visitor mail cap's claim)
 * and a tenth of one for the rest, so a raised SES quota is used rather than waited on. While
 * deliveries wait longer than BACKLOG_AGE_MS it marks the budget busy, so newsletter issues give way.
 * `more()` tells it that work arrived meanwhile (an enqueuer in this process), so it looks again
 * before it stops.
 */
export async function drain(opts: { budgetMs: number; more?: () => boolean }): Promise<DrainResult> {
  const result: DrainResult = { drained: false, sent: 0, folded: 0, digests: 0, failed: 0 };
  const token = await takeLease(opts.budgetMs + LEASE_MARGIN_MS);
  if (!token) return result;
  result.drained = true;
  // the budget runs on the monotonic clock; stored times (enqueue, retry, leases) on the wall clock
  const deadline = performance.now() + opts.budgetMs;
  let lost = false;
  const live = () => !lost && performance.now() < deadline;
  // the lease renewed every RENEW_EVERY_MS while the lanes run; the wait ends at once when they are done
  let wake: (() => void) | undefined;
  const renewing = (async () => {
    while (live()) {
      await new Promise<void>((r) => {
        const timer = setTimeout(r, Math.min(RENEW_EVERY_MS, Math.max(0, deadline - performance.now())));
        wake = () => {
          clearTimeout(timer);
          r();
        };
      });
      if (live() && !(await renewLease(token, deadline - performance.now() + LEASE_MARGIN_MS))) lost = true;
    }
  })();
  const reads = new PartitionReads();
  try {
    for (;;) {
      await Promise.all(LANES.map((lane) => drainLane(lane, result, reads, live, () => deadline - performance.now())));
      if (!live() || !opts.more?.()) break;
    }
  } finally {
    lost = true;
    wake?.();
    await renewing;
    await releaseLease(token);
  }
  if (result.sent || result.digests || result.failed) log.info("mail queue drained", { ...result });
  return result;
}

/** Rounds of one lane in flight at once: the next one claims and reads while the last one sends. */
const ROUNDS_IN_FLIGHT = 2;

/**
 * One lane's rounds until it has nothing ready (and no retry due before the drain ends), or the
 * budget defers it, or the drain ends. Two rounds overlap: while one sends, the next claims its items
 * and waits for the next second's slots.
 */
async function drainLane(lane: Lane, result: DrainResult, reads: PartitionReads, live: () => boolean, remaining: () => number): Promise<void> {
  const size = roundSize(lane);
  // the lane's sends spaced evenly at its priority's rate, across its overlapping rounds: no burst at a second's start
  const slot = pacer(MailBudget.ceilings(LANE_PRIORITY[lane]).perSecond);
  const rounds = new Set<Promise<unknown>>();
  const busy = new Set<string>();
  // the deliveries (`kind#eventId`) each running round holds: a delivery enqueued twice (a re-delivered
  // stream batch) in two items that overlapping rounds claim is sent by the first round only
  const holders = new Map<string, object>();
  let deferred = false;
  // the confirmations that left the queue, and the rate this drain sends them at: signers are told when theirs should arrive (mail-queue/backlog.ts)
  const countedLeft = Backlog.leftCounter();
  const leftQueue = (n: number) => (lane === "confirmations" ? countedLeft(n) : Promise.resolve());
  while (live() && !deferred) {
    const open = lane === "notices" ? await sendDueDigests(result, live) : undefined;
    const found = await oldest(lane, (lane === "notices" ? NOTICE_SCAN : size) * ROUNDS_IN_FLIGHT, { of: reads, full: reads.fullRound(lane) });
    let ready = found.ready.filter((q) => !busy.has(q.sk));
    if (ready.length && Date.now() - Math.min(...ready.map((q) => q.enqueuedAt)) >= BACKLOG_AGE_MS) await MailBudget.markBusy();
    if (open) ready = await foldSurges(ready, open, result);
    if (ready.length) {
      const items = takeUpTo(ready, size);
      items.forEach((q) => busy.add(q.sk));
      const self = {};
      const elsewhere = new Set<string>();
      for (const d of items.flatMap((q) => q.deliveries)) {
        const holder = holders.get(identity(d));
        if (holder === undefined) holders.set(identity(d), self);
        else if (holder !== self) elsewhere.add(identity(d));
      }
      const round: Promise<unknown> = sendRound(lane, items, result, remaining(), slot, leftQueue, elsewhere)
        .then((outcome) => {
          if (outcome === "deferred") deferred = true;
        })
        .finally(() => {
          items.forEach((q) => busy.delete(q.sk));
          for (const [id, holder] of holders) if (holder === self) holders.delete(id);
          rounds.delete(round);
        });
      rounds.add(round);
      if (rounds.size >= ROUNDS_IN_FLIGHT) await Promise.race(rounds);
      continue;
    }
    if (rounds.size) {
      await Promise.race(rounds);
      continue;
    }
    // nothing ready: a failed send's retry due within the drain is waited for; else the lane is done
    const retryIn = found.nextRetryAt === undefined ? Infinity : Math.max(0, found.nextRetryAt - Date.now());
    if (retryIn >= remaining()) break;
    await new Promise((r) => setTimeout(r, retryIn));
  }
  await Promise.all(rounds);
}

/** Items from the oldest holding at least `size` deliveries, or all (a round sends `size` and leaves the rest in their items). */
function takeUpTo(items: Queued[], size: number): Queued[] {
  const taken: Queued[] = [];
  let n = 0;
  for (const q of items) {
    if (n >= size) break;
    taken.push(q);
    n += q.deliveries.length;
  }
  return taken;
}
