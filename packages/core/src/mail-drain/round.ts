import { adminRecipients } from "../config";
import { MailBudget, MailDeferred } from "../mail/budget";
import { MailBreaker } from "../mail/breaker";
import { DomainBrake } from "../mail/domain-brake";
import { Mail } from "../mail";
import { errorAttributes, log } from "../log";
import { Suppression } from "../suppression";
import { pool } from "../util/pool";
import { HELD_BY_BREAKER, LANE_PRIORITY, isDelivery, roundSize, type Delivery, type Lane, type Queued } from "../mail-queue/lanes";
import { claim, deferUntil, postpone, removeAll } from "../mail-queue/queue";
import { identity, markSent, sentAmong } from "../mail-queue/sent";
import { DELIVERIES, formRecipientOf, loadRecords, type Records } from "./deliveries";

/** What a drain's rounds did, added up. */
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
export const CLAIM_MS = 60_000;

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

/**
 * Claims, sends and settles one round of a lane's items (steps 1–4 of `drain`, drain.ts).
 * `elsewhere`: deliveries another running round of the drain holds in an item of its own (the same
 * delivery enqueued twice); this round counts them done, since that round sends them, or keeps them
 * in its item when it cannot.
 */
export async function sendRound(
  lane: Lane,
  items: Queued[],
  result: DrainResult,
  timeLeftMs: number,
  slot: () => Promise<void>,
  leftQueue: (deliveries: number) => Promise<void>,
  elsewhere: ReadonlySet<string> = new Set(),
): Promise<"sent" | "deferred"> {
  const claimed = (await Promise.all(items.map(async (q) => ((await claim(q, CLAIM_MS)) ? q : undefined)))).filter((q): q is Queued => !!q);
  if (!claimed.length) return "sent";
  const all = claimed.flatMap((q) => q.deliveries);
  const alreadySent = new Set([...(await sentAmong(all)), ...all.map(identity).filter((id) => elsewhere.has(id))]);
  const unknown = all.filter((d) => !isDelivery(d.kind));
  for (const d of unknown) log.error("mail queue: unknown kind, removed", { kind: d.kind, eventId: d.eventId });
  const unsent = [...new Map(all.filter((d) => isDelivery(d.kind) && !alreadySent.has(identity(d))).map((d) => [identity(d), d])).values()];
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
        await Mail.withinRound(round, () => DELIVERIES[d.kind as keyof typeof DELIVERIES].deliver(d.ref, d.eventId, records));
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
