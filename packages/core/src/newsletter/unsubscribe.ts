import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { Bus } from "../bus";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { Outbox } from "../outbox";
import { NotFoundError, VisibleError } from "../util/error";
import { Events } from "./events";
import { mutate } from "./store";
import { read, withConsent, type Subscriber } from "./subscriber";
import { hashToken, isTokenShape } from "../util/token";

/**
 * Leaving the newsletter and coming back. The unsubscribe token in every newsletter
 * e-mail names its subscriber through a lookup item keyed by the token's hash; it works without
 * signing in for as long as the subscriber exists, and is kept across unsubscribe and re-subscribe.
 */
export class InvalidUnsubscribeLink extends VisibleError {
  constructor() {
    super(400, "newsletter.invalid_unsubscribe_token", "This unsubscribe link is invalid, or this address is no longer on our list.");
  }
}

export type UnsubscribeResult = "unsubscribed" | "already_unsubscribed";

/** The normalised e-mail an unsubscribe token names. */
async function emailOfToken(token: string): Promise<string> {
  if (!isTokenShape(token)) throw new InvalidUnsubscribeLink();
  const res = await db().send(new GetCommand({ TableName: table(), Key: Keys.newsletterUnsubscribe(hashToken(token)), ConsistentRead: true }));
  if (!res.Item) throw new InvalidUnsubscribeLink();
  return String(res.Item.email);
}

/** Leaving changes the status, its times and keys only: a targeted update (store.ts), whatever the item's size. */
const leave = (current: Subscriber) => ({
  ...current,
  status: "unsubscribed" as const,
  unsubscribedAt: new Date(Date.now()).toISOString(),
  expiresAt: undefined,
});

/** The link in an e-mail, or its one-click POST: the subscriber leaves at once. */
export async function unsubscribeByToken(token: string): Promise<UnsubscribeResult> {
  const email = await emailOfToken(token);
  return mutate<UnsubscribeResult>(email, (current) => {
    if (!current) throw new InvalidUnsubscribeLink();
    // a complaint unsubscribed them already (newsletter/suppressed.ts)
    if (current.status === "unsubscribed" || current.status === "complained") return { result: "already_unsubscribed" };
    return { next: leave(current), targeted: true, result: "unsubscribed" };
  });
}

/**
 * "Re-subscribe" on the unsubscribe page. The click comes from the link in the reader's own mailbox,
 * which is what a confirmation e-mail would prove, so it confirms at once (docs/architecture.md,
 * departures) with its own consent; the welcome e-mail follows.
 */
export async function resubscribeByToken(token: string): Promise<"confirmed" | "already_confirmed"> {
  const email = await emailOfToken(token);
  const event = Outbox.record(Events.Confirmed, { email });
  const result = await mutate<"confirmed" | "already_confirmed">(email, (current) => {
    if (!current) throw new InvalidUnsubscribeLink();
    if (current.status === "confirmed") return { result: "already_confirmed" };
    const now = new Date(Date.now()).toISOString();
    return {
      next: {
        ...current,
        status: "confirmed",
        confirmedAt: now,
        expiresAt: undefined,
        ...withConsent(current, { source: RESUBSCRIBE_SOURCE, at: now }),
      },
      extra: [Outbox.put(event)],
      result: "confirmed",
    };
  });
  if (result === "confirmed") await Bus.publish(Events.Confirmed, event.detail, event.id);
  return result;
}

export const RESUBSCRIBE_SOURCE = "unsubscribe-page";

export class UnknownSubscriber extends NotFoundError {
  constructor() {
    super("newsletter.unknown_subscriber", "Subscriber not found");
  }
}

/** An administrator unsubscribes someone (e.g. who asked by letter); the subscriber stays listed. */
export async function unsubscribeByAdmin(email: string): Promise<UnsubscribeResult> {
  return mutate<UnsubscribeResult>(email, (current) => {
    if (!current) throw new UnknownSubscriber();
    // a complaint unsubscribed them already (newsletter/suppressed.ts)
    if (current.status === "unsubscribed" || current.status === "complained") return { result: "already_unsubscribed" };
    return { next: leave(current), targeted: true, result: "unsubscribed" };
  });
}

/** Deletes a subscriber with their index row and unsubscribe lookup; the answer is what was deleted. */
export async function remove(email: string): Promise<Subscriber> {
  return mutate<Subscriber>(email, (current) => {
    if (!current) throw new UnknownSubscriber();
    return { next: null, result: current };
  });
}

/**
 * A person's erasure (privacy/erasure.ts): deletes the subscriber whatever its state, an unconfirmed
 * one past its TTL included (DynamoDB deletes by TTL lazily, and until then the item holds the
 * address), with its index row and unsubscribe lookup. True when there was one to delete.
 */
export async function erase(email: string): Promise<boolean> {
  if (!(await read(email))) return false;
  // `mutate` hides an expired subscriber from the decision but still deletes the stored item
  return mutate<boolean>(email, () => ({ next: null, result: true }));
}
