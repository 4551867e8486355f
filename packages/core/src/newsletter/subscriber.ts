import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { normaliseEmail } from "../util/email";

export const STATUSES = ["unconfirmed", "confirmed", "unsubscribed"] as const;
export type Status = (typeof STATUSES)[number];

/** One consent: where it was given ("petition:<id>", "scam-report", "lead:<form>") and when (ISO UTC). */
export interface Consent {
  source: string;
  at: string;
}

/** One subscriber per normalised e-mail (`NEWSLETTER#<emailNormalized>` / `SUBSCRIPTION`). */
export interface Subscriber {
  email: string;
  emailNormalized: string;
  name: string;
  status: Status;
  /** Every consent, in the order recorded; never removed. */
  consents: Consent[];
  confirmedAt?: string;
  unsubscribedAt?: string;
  /** When the last confirmation e-mail was claimed (at most one per 24 h). */
  confirmationSentAt?: string;
  createdAt: string;
  /** The first consent's source and time, kept apart (and as gsi1sk) for listing by first consent. */
  source: string;
  consentAt: string;
  /** TTL (epoch seconds) while unconfirmed: 30 days after the latest consent. */
  expiresAt?: number;
}

/** Unconfirmed subscribers are removed (table TTL) this long after their latest consent. */
export const UNCONFIRMED_TTL_SECONDS = 30 * 24 * 3600;

export const subscriberKey = (email: string) => Keys.newsletter(normaliseEmail(email));

export function subscriberOf(item: Record<string, unknown>): Subscriber {
  return {
    email: String(item.email),
    emailNormalized: String(item.emailNormalized),
    name: String(item.name ?? ""),
    status: item.status as Status,
    consents: (item.consents as Consent[] | undefined) ?? [],
    ...(item.confirmedAt ? { confirmedAt: String(item.confirmedAt) } : {}),
    ...(item.unsubscribedAt ? { unsubscribedAt: String(item.unsubscribedAt) } : {}),
    ...(item.confirmationSentAt ? { confirmationSentAt: String(item.confirmationSentAt) } : {}),
    createdAt: String(item.createdAt),
    source: String(item.source),
    consentAt: String(item.consentAt),
    ...(item.expiresAt !== undefined ? { expiresAt: Number(item.expiresAt) } : {}),
  };
}

/** The subscriber of an address (any spelling), read consistently; undefined when there is none. */
export async function find(email: string): Promise<Subscriber | undefined> {
  const res = await db().send(new GetCommand({ TableName: table(), Key: subscriberKey(email), ConsistentRead: true }));
  return res.Item ? subscriberOf(res.Item) : undefined;
}
