import { adminRecipients, settings } from "../config";
import { MailBudget, MailDeferred, type Priority } from "../mail/budget";
import { MailBreaker } from "../mail/breaker";
import { DomainBrake } from "../mail/domain-brake";
import { Mail } from "../mail";
import { errorAttributes, log } from "../log";
import { Suppression } from "../suppression";
import { pacer } from "../util/pacing";
import { pool } from "../util/pool";
import { KINDS, formRecipientOf, isKind, loadRecords, type Records } from "./deliveries";
import { fold, openDigests, sendDigest, type Digest } from "./digest";
import { PartitionReads } from "./reads";
import * as Backlog from "./backlog";
import { claim, deferUntil, LANES, oldest, postpone, releaseLease, removeAll, renewLease, takeLease, type Delivery, type Lane, type Queued } from "./queue";
import { identity, markSent, sentAmong } from "./sent";

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

/** A send's claim on its item: longer than any round may take, so only a dead drainer loses it. */
const CLAIM_MS = 60_000;
/** The lease outlives the budget by this much: the last sends of a round finish under it. */
const LEASE_MARGIN_MS = 15_000;
/** The lease is renewed this often while the drain runs. */
const RENEW_EVERY_MS = 5_000;
/** Notices read at once, to find the petitions in a surge. */
const NOTICE_SCAN = 500;
/** A ready delivery that has waited this long is a backlog: newsletter issues give way until it is gone. */
const BACKLOG_AGE_MS = 2_000;

/** Each lane's priority at the mail budget (mail/budget.ts): a signer's confirmation link before everything a visitor's click can cause. */
export const LANE_PRIORITY: Record<Lane, Priority> = {
  confirmations: "confirmation",
  links: "transactional",
  notices: "transactional",
  visitor: "transactional",
};

/** The lanes of mail to addresses visitors typed: they wait while the feedback breaker is open (mail/breaker.ts). */
const HELD_BY_BREAKER: Record<Lane, boolean> = { confirmations: true, links: true, notices: false, visitor: true };

/**
 * E-mails one round of a lane sends at once: a second's worth at its priority (the budget gives a
 * round all its slots in one take), at most 100 (one BatchGet of the round's signatures).
 */
export const roundSize = (lane: Lane) => Math.max(1, Math.min(100, MailBudget.ceilings(LANE_PRIORITY[lane]).perSecond));

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
  let deferred = false;
  // the confirmations that left the queue, and the rate this drain sends them at: signers are told when theirs should arrive (backlog.ts)
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
      const round: Promise<unknown> = sendRound(lane, items, result, remaining(), slot, leftQueue)
        .then((outcome) => {
          if (outcome === "deferred") deferred = true;
        })
        .finally(() => {
          items.forEach((q) => busy.delete(q.sk));
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

/** The recipients a round's deliveries will mail, as far as the records tell: one read of the suppression list for all of them. */
function recipientsOf(deliveries: readonly Delivery[], records: Records): string[] {
  const addresses = new Set<string>();
  for (const d of deliveries) {
    if (d.ref.email) addresses.add(d.ref.email);
    if (d.ref.petitionId && d.ref.signatureId) {
      const s = records.signature(d.ref.petitionId, d.ref.signatureId);
      if (s) addresses.add(s.email);
    }
    if (d.kind === "signature-notify-admin") adminRecipients().forEach((a) => addresses.add(a));
  }
  return [...addresses];
}

/** Claims, sends and settles one round of a lane's items (steps 1–4 of `drain`). */
async function sendRound(
  lane: Lane,
  items: Queued[],
  result: DrainResult,
  timeLeftMs: number,
  slot: () => Promise<void>,
  leftQueue: (deliveries: number) => Promise<void>,
): Promise<"sent" | "deferred"> {
  const claimed = (await Promise.all(items.map(async (q) => ((await claim(q, CLAIM_MS)) ? q : undefined)))).filter((q): q is Queued => !!q);
  if (!claimed.length) return "sent";
  const all = claimed.flatMap((q) => q.deliveries);
  const alreadySent = await sentAmong(all);
  const unknown = all.filter((d) => !isKind(d.kind));
  for (const d of unknown) log.error("mail queue: unknown kind, removed", { kind: d.kind, eventId: d.eventId });
  const unsent = [...new Map(all.filter((d) => isKind(d.kind) && !alreadySent.has(identity(d))).map((d) => [identity(d), d])).values()];
  // a second's worth: what is over stays in its item for the next round, no attempt counted
  const toSend = unsent.slice(0, roundSize(lane));
  const done = new Set<string>([...alreadySent, ...unknown.map(identity)]);
  const failed = new Set<string>();
  if (toSend.length && HELD_BY_BREAKER[lane] && (await MailBreaker.current()).open) {
    log.warn("mail queue: visitor e-mail is paused by the feedback breaker; deliveries wait", { lane });
    await Promise.all(
      claimed.map((q) =>
        deferUntil(
          q,
          Date.now() + MailBreaker.HOLD_MS,
          q.deliveries.filter((d) => !done.has(identity(d))),
        ),
      ),
    );
    return "deferred";
  }
  if (toSend.length) {
    const records = await loadRecords(toSend);
    // the round's form mail put to the domain brake at once (one write per domain and per network, however many
    // e-mails each has), before the budget: what the brake holds does not reach SES, so it takes no share of the
    // budget and no pacing slot
    const recipientOf = new Map(toSend.map((d) => [d, formRecipientOf(d, records)]));
    const judged = [...recipientOf.values()].filter((r) => r !== undefined);
    const brake = judged.length ? await DomainBrake.judge(judged) : undefined;
    const held = (d: Delivery) => brake?.held.has(recipientOf.get(d)?.address ?? "") === true;
    const paid = toSend.filter((d) => !held(d)).length;
    try {
      // no slot past the drain's end: what waits goes to the next drain, as after a deferral
      if (paid) await MailBudget.take(LANE_PRIORITY[lane], paid, { maxWaitMs: Math.max(0, timeLeftMs) });
    } catch (err) {
      if (!(err instanceof MailDeferred)) throw err;
      // nothing of the round goes now: what the brake admitted is not counted against its domain's hour
      if (brake) await DomainBrake.giveBack(brake);
      log.warn("mail queue: the mail budget has no room; deliveries wait", { lane, until: new Date(err.until).toISOString(), reason: err.reason });
      await Promise.all(
        claimed.map((q) =>
          deferUntil(
            q,
            err.until,
            q.deliveries.filter((d) => !done.has(identity(d))),
          ),
        ),
      );
      return "deferred";
    }
    const recipients = recipientsOf(toSend, records);
    const round = { prepaid: true, checked: new Set(recipients), suppressed: await Suppression.suppressedAmong(recipients), brake };
    const inFlight = Math.max(8, Math.min(64, toSend.length));
    await pool(toSend, inFlight, async (d) => {
      if (!held(d)) await slot();
      try {
        await Mail.withinRound(round, () => KINDS[d.kind as keyof typeof KINDS].deliver(d.ref, d.eventId, records));
        done.add(identity(d));
        result.sent++;
      } catch (err) {
        failed.add(identity(d));
        result.failed++;
        log.warn("mail queue: send failed; it waits for its next attempt", { kind: d.kind, eventId: d.eventId, ...errorAttributes(err) });
      }
    });
    await markSent(toSend.filter((d) => done.has(identity(d))));
  }
  const finished = claimed.filter((q) => q.deliveries.every((d) => done.has(identity(d))));
  await removeAll(finished);
  await leftQueue(claimed.flatMap((q) => q.deliveries).filter((d) => done.has(identity(d))).length);
  await Promise.all(
    claimed
      .filter((q) => !finished.includes(q))
      .map((q) => {
        const left = q.deliveries.filter((d) => !done.has(identity(d)));
        // a failed send waits for its next attempt; deliveries only left over for the next round go on at once
        return left.some((d) => failed.has(identity(d))) ? postpone(q, left) : deferUntil(q, Date.now(), left);
      }),
  );
  return "sent";
}

/** Sends the digests that are due; answers the open ones (a petition's notices fold into its digest while it is open). */
async function sendDueDigests(result: DrainResult, live: () => boolean): Promise<Map<string, Digest>> {
  const s = settings();
  const open = await openDigests();
  for (const digest of open.values()) {
    if (digest.openedAt + s.ADMIN_NOTICE_DIGEST_SECONDS * 1000 > Date.now() || !live()) continue;
    // its e-mail takes its slot of the budget as any single send does
    await sendDigest(digest, CLAIM_MS);
    open.delete(digest.petitionId);
    result.digests++;
  }
  return open;
}

/**
 * Folds the notice items of petitions in a surge (an open digest, or the threshold reached) into their
 * digests; answers the rest. An item whose notices name several petitions is sent as it is.
 */
async function foldSurges(items: Queued[], open: Map<string, Digest>, result: DrainResult): Promise<Queued[]> {
  const petitionOf = (q: Queued) => {
    const ids = new Set(q.deliveries.map((d) => d.ref.petitionId));
    return ids.size === 1 ? [...ids][0] : undefined;
  };
  const byPetition = new Map<string, Queued[]>();
  const rest: Queued[] = [];
  for (const q of items) {
    const petitionId = petitionOf(q);
    if (petitionId === undefined) rest.push(q);
    else byPetition.set(petitionId, [...(byPetition.get(petitionId) ?? []), q]);
  }
  for (const [petitionId, group] of byPetition) {
    const notices = group.reduce((n, q) => n + q.deliveries.length, 0);
    if (!open.has(petitionId) && notices < settings().ADMIN_NOTICE_DIGEST_THRESHOLD) {
      rest.push(...group);
      continue;
    }
    open.set(petitionId, await fold(petitionId, group));
    result.folded += notices;
  }
  return rest.sort((a, b) => a.enqueuedAt - b.enqueuedAt);
}
