import { Bus } from "../bus";
import { Suppression } from "../suppression";
import { Outbox } from "../outbox";
import { normaliseEmail } from "../util/email";
import { newToken } from "../util/token";
import { Events } from "./events";
import { mutate } from "./store";
import { UNCONFIRMED_TTL_SECONDS, withConsent, type Consent, type Status, type Subscriber } from "./subscriber";

export interface Subscription {
  email: string;
  name: string;
  consentAt: string;
  /** Where the visitor gave consent, e.g. "petition:timeshare-reform". */
  source: string;
  /** The network (IPv4 /24, IPv6 /48) the form came from: the confirmation e-mail is counted against it (mail/domain-brake.ts). */
  network?: string;
}

/** What a consent did: the subscriber's status after it, or "duplicate" when this consent was already recorded (a redelivered event). */
export type SubscribeResult = Extract<Status, "unconfirmed" | "confirmed" | "bounced" | "complained"> | "duplicate";

const sameConsent = (a: Consent, b: Consent) => a.source === b.source && a.at === b.at;

/**
 * Records a consent. A new, unconfirmed or unsubscribed address becomes (or stays) unconfirmed, its
 * TTL moved to 30 days after this consent, with `newsletter.confirmation_requested` in the same
 * transaction (outbox), then published. A confirmed one keeps status and name (a stranger typing
 * their address changes neither) and gets the consent appended; nothing is sent. So does a bounced
 * or complained one while its address stays on the suppression list (lifted, it is asked again).
 * Only the latest KEPT_CONSENTS consents are kept (subscriber.ts): a redelivered event older than all
 * of them is taken for a new consent.
 */
export async function subscribe(sub: Subscription): Promise<SubscribeResult> {
  const consent: Consent = { source: sub.source, at: sub.consentAt };
  const email = normaliseEmail(sub.email);
  const event = Outbox.record(Events.ConfirmationRequested, { email, ...(sub.network ? { network: sub.network } : {}) });
  const suppressed = (await Suppression.suppressedAmong([email])).size > 0;
  const result = await mutate<SubscribeResult>(email, (current) => {
    if (current?.consents.some((c) => sameConsent(c, consent))) return { result: "duplicate" };
    if (current?.status === "confirmed") return { next: { ...current, ...withConsent(current, consent) }, result: "confirmed" };
    if (suppressed && (current?.status === "bounced" || current?.status === "complained"))
      return { next: { ...current, ...withConsent(current, consent) }, result: current.status };
    const next: Subscriber = {
      ...(current ?? { email, emailNormalized: email, createdAt: new Date(Date.now()).toISOString(), source: consent.source, consentAt: consent.at, rev: 0 }),
      name: sub.name,
      status: "unconfirmed",
      ...withConsent(current, consent),
      expiresAt: Math.floor(Date.parse(consent.at) / 1000) + UNCONFIRMED_TTL_SECONDS,
    };
    return { next, extra: [Outbox.put(event)], result: "unconfirmed" };
  });
  if (result === "unconfirmed") await Bus.publish(Events.ConfirmationRequested, event.detail, event.id);
  return result;
}

/**
 * A consent from someone whose mailbox is already proven: they opened a link e-mailed to it that
 * offers the newsletter they asked for (the signer's thank-you e-mail, signature/newsletter-link.ts).
 * That click is the double opt-in's confirmation, so the subscriber is confirmed at once, with the
 * consent as given on the form (its source and time) and `newsletter.confirmed` for the welcome
 * e-mail; nothing was stored before it, and no confirmation e-mail is sent. One already confirmed
 * gets the consent appended; a bounced or complained one, while suppressed, only the consent.
 */
export async function subscribeConfirmed(sub: Subscription): Promise<"confirmed" | "already_confirmed" | "suppressed"> {
  const consent: Consent = { source: sub.source, at: sub.consentAt };
  const email = normaliseEmail(sub.email);
  const event = Outbox.record(Events.Confirmed, { email });
  const suppressed = (await Suppression.suppressedAmong([email])).size > 0;
  const result = await mutate<"confirmed" | "already_confirmed" | "suppressed">(email, (current) => {
    const recorded = current?.consents.some((c) => sameConsent(c, consent));
    if (current?.status === "confirmed")
      return recorded ? { result: "already_confirmed" } : { next: { ...current, ...withConsent(current, consent) }, result: "already_confirmed" };
    if (suppressed) return current && !recorded ? { next: { ...current, ...withConsent(current, consent) }, result: "suppressed" } : { result: "suppressed" };
    const now = new Date(Date.now()).toISOString();
    const next: Subscriber = {
      ...(current ?? { email, emailNormalized: email, createdAt: now, source: consent.source, consentAt: consent.at, rev: 0 }),
      name: current?.name || sub.name,
      status: "confirmed",
      confirmedAt: now,
      expiresAt: undefined,
      unsubscribeToken: current?.unsubscribeToken ?? newToken(),
      ...withConsent(current, consent),
    };
    return { next, extra: [Outbox.put(event)], result: "confirmed" };
  });
  if (result === "confirmed") await Bus.publish(Events.Confirmed, event.detail, event.id);
  return result;
}
