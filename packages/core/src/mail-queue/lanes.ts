import { MailBudget, type Priority } from "../mail/budget";

/**
 * The paced mail queue's lanes and what waits in them. Lanes are drained side by side, each at its
 * own priority of the mail budget (mail/budget.ts), and served in this order when one drain round
 * must choose, so a signer's confirmation link never waits behind anything else:
 * - `confirmations`: a pending signature's link (it counts once opened);
 * - `links`: e-mails a person is waiting for to go on (a repeat's "already signed" or link again, the
 *   newsletter confirmation link);
 * - `notices`: the administrators' notice of each signature (gathered into digests in a surge);
 * - `visitor`: the signer's share e-mail.
 * An item holds up to ITEM_DELIVERIES deliveries of one lane (a stream batch's e-mails share items:
 * one put, one claim and one delete per ten e-mails), spread over its lane's partitions by its first
 * delivery, so enqueuing at the signing rate writes no key hotter than 1/partitions of the
 * signatures (docs/architecture.md "Capacity"), and a delivery enqueued twice (a redelivered batch)
 * lands in the same partition as its first copy, where one drainer sees both.
 */
export const LANES = ["confirmations", "links", "notices", "visitor"] as const;
export type Lane = (typeof LANES)[number];
/** Items of one lane's partitions: a put at the signing rate and a delete when sent, spread (docs/architecture.md "Capacity"). */
export const LANE_PARTITIONS: Record<Lane, number> = { confirmations: 32, links: 16, notices: 32, visitor: 32 };
/** Deliveries one item holds at most: ten references of ~80 bytes stay under 1 KB (one write unit each way). */
export const ITEM_DELIVERIES = 10;

/** Each lane's priority at the mail budget (mail/budget.ts): a signer's confirmation link before everything a visitor's click can cause. */
export const LANE_PRIORITY: Record<Lane, Priority> = {
  confirmations: "confirmation",
  links: "transactional",
  notices: "transactional",
  visitor: "transactional",
};

/** The lanes of mail to addresses visitors typed: they wait while the feedback breaker is open (mail/breaker.ts). */
export const HELD_BY_BREAKER: Record<Lane, boolean> = { confirmations: true, links: true, notices: false, visitor: true };

/**
 * E-mails one round of a lane sends at once: a second's worth at its priority (the budget gives a
 * round all its slots in one take), at most 100 (one BatchGet of the round's signatures).
 */
export const roundSize = (lane: Lane) => Math.max(1, Math.min(100, MailBudget.ceilings(LANE_PRIORITY[lane]).perSecond));

/**
 * What the queue can send, each kind in its lane. How a kind renders and sends is the drain's
 * (mail-drain/deliveries.ts); the queue only needs its lane. A kind's name is also its sent marker's
 * scope (sent.ts: the once() scope of the subscriber that sent it before the queue), so an e-mail
 * sent before an upgrade is not sent again by the queue.
 */
export const DELIVERY_LANES = {
  "signature-share-email": "visitor",
  "signature-confirmation": "confirmations",
  "signature-repeated": "links",
  "signature-notify-admin": "notices",
  "newsletter-confirmation": "links",
  // the reporter's status link they asked for, and their report's case's status changes (report-status/)
  "report-status-link": "links",
  "report-status-change": "visitor",
} as const satisfies Record<string, Lane>;

export type DeliveryName = keyof typeof DELIVERY_LANES;
export const isDelivery = (name: string): name is DeliveryName => Object.hasOwn(DELIVERY_LANES, name);

/** One e-mail to send: what to send is rendered when it is sent, from the records it names. */
export interface Delivery {
  /** the delivery's kind (DELIVERY_LANES), also its sent marker's scope */
  kind: string;
  /** the event that caused it: kind + eventId is its identity, across re-deliveries */
  eventId: string;
  /** what the kind needs to render it, e.g. {petitionId, signatureId}; never a rendered message */
  ref: Record<string, string>;
}

/** A waiting item: one or more deliveries of one lane. */
export interface Queued {
  lane: Lane;
  deliveries: Delivery[];
  enqueuedAt: number;
  attempts: number;
  retryAt?: number;
  /** the item's key */
  pk: string;
  sk: string;
}
