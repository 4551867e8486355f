import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { normaliseEmail } from "../util/email";
import { UNCONFIRMED_SUBSCRIBER_SECONDS } from "../policy/retention";

/**
 * `bounced` and `complained`: SES reported the address undeliverable or its owner marked our mail as
 * spam (the suppression list, packages/core/src/suppression); neither is mailed, and a complaint
 * also unsubscribes.
 */
export const STATUSES = ["unconfirmed", "confirmed", "unsubscribed", "bounced", "complained"] as const;
export type Status = (typeof STATUSES)[number];

/** One consent: where it was given ("petition:<id>", "scam-report", "lead:<form>", "unsubscribe-page") and when (ISO UTC). */
export interface Consent {
  source: string;
  at: string;
}

/**
 * How many consents a subscriber keeps, the latest ones. Anyone can type an address into the public
 * forms again and again, each time a consent: kept all, they would grow the item towards DynamoDB's
 * 400 KB limit, past which no write of it (an unsubscribe included) would succeed. The older ones
 * are summarised by `consentCount`, `sources` and the first consent (`source`, `consentAt`).
 */
export const KEPT_CONSENTS = 10;

/** One subscriber per normalised e-mail (`NEWSLETTER#<emailNormalized>` / `SUBSCRIPTION`). */
export interface Subscriber {
  email: string;
  emailNormalized: string;
  name: string;
  status: Status;
  /** The latest consents (at most KEPT_CONSENTS), in the order recorded. */
  consents: Consent[];
  /** How many consents were ever recorded, those no longer in `consents` included (absent: `consents.length`). */
  consentCount?: number;
  /**
   * Every distinct consent source, in the order first given (absent: those of `consents`). Bounded:
   * a source is a petition (one consent per mailbox and petition), a guide form, the scam report or
   * the unsubscribe page.
   */
  sources?: string[];
  confirmedAt?: string;
  unsubscribedAt?: string;
  /** When SES's bounce or complaint put the address on the suppression list (status bounced or complained). */
  suppressedAt?: string;
  /** When the last confirmation e-mail was claimed (at most one per 24 h), and by which event's delivery. */
  confirmationSentAt?: string;
  confirmationEventId?: string;
  /** The capability in every newsletter e-mail's unsubscribe link; given at the first confirmation, kept while the subscriber exists. */
  unsubscribeToken?: string;
  createdAt: string;
  /** The first consent's source and time. */
  source: string;
  consentAt: string;
  /** TTL (epoch seconds) while unconfirmed: 30 days after the latest consent. */
  expiresAt?: number;
  /** Incremented by every write (newsletter/store.ts): the optimistic-concurrency check. */
  rev: number;
}

/** Unconfirmed subscribers are removed (table TTL) this long after their latest consent. */
export const UNCONFIRMED_TTL_SECONDS = UNCONFIRMED_SUBSCRIBER_SECONDS;

export const subscriberKey = (email: string) => Keys.newsletter(normaliseEmail(email));

const optional = (item: Record<string, unknown>, name: keyof Subscriber) => (item[name] !== undefined ? { [name]: String(item[name]) } : {});

const distinctSources = (consents: Consent[]) => [...new Set(consents.map((c) => c.source))];

/** How many consents a subscriber has given in all. */
export const consentCountOf = (sub: Pick<Subscriber, "consents" | "consentCount">) => Math.max(sub.consentCount ?? 0, sub.consents.length);

/** A subscriber's distinct consent sources, in the order first given. */
export const sourcesOf = (sub: Pick<Subscriber, "consents" | "sources">) => sub.sources ?? distinctSources(sub.consents);

/** The consent fields after `consent` is recorded: appended, the oldest beyond KEPT_CONSENTS summarised. */
export function withConsent(sub: Pick<Subscriber, "consents" | "consentCount" | "sources"> | undefined, consent: Consent) {
  const sources = sub ? sourcesOf(sub) : [];
  return {
    consents: [...(sub?.consents ?? []), consent].slice(-KEPT_CONSENTS),
    consentCount: (sub ? consentCountOf(sub) : 0) + 1,
    sources: sources.includes(consent.source) ? sources : [...sources, consent.source],
  };
}

export function subscriberOf(item: Record<string, unknown>): Subscriber {
  // an item written before the bound holds every consent: read as the latest, with the summary
  const consents = (item.consents as Consent[] | undefined) ?? [];
  return {
    email: String(item.email),
    emailNormalized: String(item.emailNormalized),
    name: String(item.name ?? ""),
    status: item.status as Status,
    consents: consents.slice(-KEPT_CONSENTS),
    consentCount: Math.max(Number(item.consentCount ?? 0), consents.length),
    sources: (item.sources as string[] | undefined) ?? distinctSources(consents),
    ...optional(item, "confirmedAt"),
    ...optional(item, "unsubscribedAt"),
    ...optional(item, "suppressedAt"),
    ...optional(item, "confirmationSentAt"),
    ...optional(item, "confirmationEventId"),
    ...optional(item, "unsubscribeToken"),
    createdAt: String(item.createdAt),
    source: String(item.source),
    consentAt: String(item.consentAt),
    ...(item.expiresAt !== undefined ? { expiresAt: Number(item.expiresAt) } : {}),
    rev: Number(item.rev ?? 0),
  };
}

/** TTL deletes lazily (up to days late): a subscriber past its TTL no longer exists. */
export const isExpired = (sub: Pick<Subscriber, "expiresAt">, now = Date.now()) => sub.expiresAt !== undefined && sub.expiresAt * 1000 <= now;

/** The stored item as read (consistently), expired or not; undefined when there is none. */
export async function read(email: string): Promise<Subscriber | undefined> {
  const res = await db().send(new GetCommand({ TableName: table(), Key: subscriberKey(email), ConsistentRead: true }));
  return res.Item ? subscriberOf(res.Item) : undefined;
}

/** The subscriber of an address (any spelling); undefined when there is none or it expired. */
export async function find(email: string): Promise<Subscriber | undefined> {
  const sub = await read(email);
  return sub && !isExpired(sub) ? sub : undefined;
}
