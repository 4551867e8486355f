import { getMany, putAll } from "../db/batch";
import { Keys, expiresIn } from "../db/keys";
import type { Delivery } from "./lanes";

/**
 * Which deliveries were sent: one marker per delivery, the item `Idempotency.once` keeps for an
 * effect (`EFFECT#<kind>#<eventId>`, state `completed`), so a delivery sent before the queue held
 * several per item, by once() itself, counts as sent too. A drain reads the markers of a round's
 * deliveries in one BatchGet before it sends, and writes those it sent in BatchWrite calls after:
 * a delivery enqueued twice (a redelivered stream batch) is sent once, at one write unit per e-mail
 * instead of once()'s two and its two calls. A drainer that dies between a send and its marker
 * leaves the item claimed until its claim expires, and the next sends it again: at-least-once, as
 * once() promises for an e-mail.
 */

/** As long as once() keeps its markers. */
const KEEP_SECONDS = 7 * 24 * 3600;

const keyOf = (d: Pick<Delivery, "kind" | "eventId">) => Keys.effect(d.kind, d.eventId);
export const identity = (d: Pick<Delivery, "kind" | "eventId">) => `${d.kind}#${d.eventId}`;

/** The identities (`kind#eventId`) of the deliveries already sent. */
export async function sentAmong(deliveries: readonly Delivery[]): Promise<Set<string>> {
  if (!deliveries.length) return new Set();
  const keys = [...new Map(deliveries.map((d) => [identity(d), keyOf(d)])).values()];
  const found = await getMany(keys, { consistent: true, projection: "pk, #state", names: { "#state": "state" } });
  // a marker written before leases existed has no state: it was claimed and never released, so done
  const sent = new Set(found.filter((m) => m.state === "completed" || m.state === undefined).map((m) => String(m.pk)));
  return new Set(deliveries.filter((d) => sent.has(keyOf(d).pk)).map(identity));
}

/** Marks deliveries sent (BatchWrite puts, 1 write unit each). */
export async function markSent(deliveries: readonly Delivery[], now = new Date()): Promise<void> {
  if (!deliveries.length) return;
  await putAll(
    deliveries.map((d) => ({
      ...keyOf(d),
      type: "effect",
      state: "completed",
      at: now.toISOString(),
      completedAt: now.toISOString(),
      expiresAt: expiresIn(KEEP_SECONDS),
    })),
    4,
  );
}
