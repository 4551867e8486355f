import { settings } from "../config";
import { Idempotency } from "../idempotency";
import { MailBudget, MailDeferred } from "../mail/budget";
import { errorAttributes, log } from "../log";
import { pacer } from "../util/pacing";
import { pool } from "../util/pool";
import { KINDS, isKind } from "./deliveries";
import { fold, openDigests, sendDigest, type Digest } from "./digest";
import { PartitionReads } from "./reads";
import { deferUntil, LANES, oldest, postpone, remove, releaseLease, renewLease, takeLease, type Queued } from "./queue";

export interface DrainResult {
  /** false: another drainer holds the lease (it sends what this one would have) */
  drained: boolean;
  sent: number;
  /** notices folded into digests, and digests sent */
  folded: number;
  digests: number;
  /** sends that failed and wait for their next attempt */
  failed: number;
}

/** A send's once() lease: longer than any one send may take, so only a dead drainer loses it. */
const SEND_LEASE_MS = 60_000;
/** The lease outlives the budget by this much: the last sends of a round finish under it. */
const LEASE_MARGIN_MS = 15_000;
/** Notices read at once, to find the petitions in a surge. */
const NOTICE_SCAN = 500;
/** Sends in flight at once (the pacer keeps their rate). */
const IN_FLIGHT = 8;
/** A ready delivery that has waited this long is a backlog: newsletter issues give way until it is gone. */
const BACKLOG_AGE_MS = 2_000;

/**
 * Sends what waits, under the one lease, at the mail budget's transactional rate at most (each send
 * also takes its slot of the account's budget, mail/budget.ts), lane by lane (links, then notices,
 * then visitor e-mails), for at most `budgetMs`. While deliveries wait longer than BACKLOG_AGE_MS
 * it marks the budget busy, so newsletter issues give way. A send the budget defers (its share of
 * the day used) waits until the budget has room again, with no attempt counted, and ends the drain. Each send is once() by its
 * kind and event id, then its item is deleted: a drainer that dies between the two leaves an item
 * whose resend is skipped. A failed send stays queued with a growing delay; nothing is dropped.
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
  const rate = MailBudget.ceilings("transactional").perSecond;
  const slot = pacer(rate);
  const batchSize = Math.max(1, Math.min(100, Math.ceil(rate * 2)));
  const reads = new PartitionReads();
  try {
    while (performance.now() < deadline) {
      if (!(await renewLease(token, deadline - performance.now() + LEASE_MARGIN_MS))) break;
      const round = await drainRound(result, slot, batchSize, deadline, reads);
      if (round.deferred) break;
      if (round.worked) continue;
      if (opts.more?.()) continue;
      // a failed send waits for its next attempt: within the budget, wait for it rather than leave it to the schedule
      const retryIn = round.nextRetryAt === undefined ? Infinity : round.nextRetryAt - Date.now();
      if (retryIn < deadline - performance.now()) {
        await new Promise((r) => setTimeout(r, Math.max(0, retryIn)));
        continue;
      }
      break;
    }
  } finally {
    await releaseLease(token);
  }
  if (result.sent || result.digests || result.failed) log.info("mail queue drained", { ...result });
  return result;
}

/**
 * One round: the digests that are due; then the first lane with ready work (links, notices,
 * visitor e-mails), the notices of a petition in a surge folded into its digest instead of sent.
 */
async function drainRound(
  result: DrainResult,
  slot: () => Promise<void>,
  batchSize: number,
  deadline: number,
  reads: PartitionReads,
): Promise<{ worked: boolean; deferred?: boolean; nextRetryAt?: number }> {
  const s = settings();
  const before = result.sent + result.folded + result.digests + result.failed;
  const worked = () => result.sent + result.folded + result.digests + result.failed > before;
  const open = await openDigests();
  for (const digest of open.values()) {
    if (digest.openedAt + s.ADMIN_NOTICE_DIGEST_SECONDS * 1000 > Date.now() || performance.now() >= deadline) continue;
    await slot();
    await sendDigest(digest, SEND_LEASE_MS);
    open.delete(digest.petitionId);
    result.digests++;
  }
  const retries: (number | undefined)[] = [];
  // every lane read at once (a round's latency is one read's), then served in order
  const full = reads.fullRound();
  const lanes = await Promise.all(LANES.map((lane) => oldest(lane, lane === "notices" ? NOTICE_SCAN : batchSize, { of: reads, full })));
  const waitedSince = Math.min(...lanes.flatMap((l) => l.ready.map((q) => q.enqueuedAt)));
  if (Date.now() - waitedSince >= BACKLOG_AGE_MS) await MailBudget.markBusy();
  let deferred = false;
  for (const [i, lane] of LANES.entries()) {
    const found = lanes[i];
    retries.push(found.nextRetryAt);
    let ready = found.ready;
    if (lane === "notices") ready = await foldSurges(ready, open, result);
    if (ready.length === 0) continue;
    deferred = await sendAll(ready.slice(0, batchSize), slot, deadline, result);
    break;
  }
  const waiting = retries.filter((t): t is number => t !== undefined);
  return { worked: worked(), deferred, nextRetryAt: waiting.length ? Math.min(...waiting) : undefined };
}

/** Folds the notices of petitions in a surge (an open digest, or the threshold reached) into their digests; answers the rest. */
async function foldSurges(notices: Queued[], open: Map<string, Digest>, result: DrainResult): Promise<Queued[]> {
  const byPetition = new Map<string, Queued[]>();
  for (const notice of notices) byPetition.set(notice.ref.petitionId, [...(byPetition.get(notice.ref.petitionId) ?? []), notice]);
  const rest: Queued[] = [];
  for (const [petitionId, group] of byPetition) {
    if (!open.has(petitionId) && group.length < settings().ADMIN_NOTICE_DIGEST_THRESHOLD) {
      rest.push(...group);
      continue;
    }
    open.set(petitionId, await fold(petitionId, group, open.get(petitionId)));
    result.folded += group.length;
  }
  return rest.sort((a, b) => a.enqueuedAt - b.enqueuedAt);
}

/** Sends a lane's batch; true when the budget deferred a send (the rest of the batch waits with it). */
async function sendAll(batch: Queued[], slot: () => Promise<void>, deadline: number, result: DrainResult): Promise<boolean> {
  let deferred: MailDeferred | undefined;
  await pool(batch, IN_FLIGHT, async (q) => {
    if (performance.now() >= deadline) return;
    const kind = q.kind;
    if (!isKind(kind)) {
      log.error("mail queue: unknown kind, removed", { kind: q.kind, eventId: q.eventId });
      await remove(q);
      return;
    }
    if (deferred) return deferUntil(q, deferred.until);
    await slot();
    // the slot may come after the budget (sends in flight wait for theirs): leave it for the next drain
    if (performance.now() >= deadline) return;
    try {
      await Idempotency.once(q.kind, q.eventId, () => KINDS[kind].deliver(q.ref, q.eventId), { leaseMs: SEND_LEASE_MS });
      await remove(q);
      result.sent++;
    } catch (err) {
      if (err instanceof MailDeferred) {
        deferred ??= err;
        log.warn("mail queue: the mail budget has no room; deliveries wait", { kind: q.kind, until: new Date(err.until).toISOString(), reason: err.reason });
        await deferUntil(q, err.until);
        return;
      }
      result.failed++;
      log.warn("mail queue: send failed; it waits for its next attempt", {
        kind: q.kind,
        eventId: q.eventId,
        attempts: q.attempts + 1,
        ...errorAttributes(err),
      });
      await postpone(q);
    }
  });
  return deferred !== undefined;
}
