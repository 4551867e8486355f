import { noteListChanged as notePartChanged } from "../collection/epochs";
import { indexLayout, packedCodec } from "../collection/index-rows";
import { NEWSLETTER_INDEX_BUCKETS, Keys } from "../db/keys";
import type { Status, Subscriber } from "./subscriber";

/**
 * The admin subscriber index (collection/index-rows.ts): one compact row per subscriber, written in
 * the same transaction as the subscriber (newsletter/store.ts), with the subscriber's TTL. pk
 * `NLIDX#<bucket>`, sk = the normalised e-mail. The collection has one part, "all".
 */
export interface SubscriberRow {
  /** the normalised e-mail */
  id: string;
  email: string;
  name: string;
  status: Status;
  /** distinct consent sources, in the order first given, joined by "," */
  sources: string;
  /** every consent as JSON `[{source, at}]` */
  consents: string;
  firstConsentAt: string;
  lastConsentAt: string;
  confirmedAt: string;
  unsubscribedAt: string;
  /** TTL (epoch seconds) of an unconfirmed subscriber, 0 otherwise: a row past it is gone (TTL deletes lazily) */
  expiresAt: number;
}

const FIELDS = [
  "email",
  "name",
  "status",
  "sources",
  "consents",
  "firstConsentAt",
  "lastConsentAt",
  "confirmedAt",
  "unsubscribedAt",
  "expiresAt",
] as const satisfies readonly (keyof SubscriberRow)[];

export const PART = "all";
export const INDEX_TYPE = "newsletterIndex";

export const layout = indexLayout({ type: INDEX_TYPE, buckets: NEWSLETTER_INDEX_BUCKETS, partition: (_part, bucket) => Keys.newsletterIndexPartition(bucket) });
const codec = packedCodec<SubscriberRow, (typeof FIELDS)[number]>(FIELDS, (_part, id) => ({ id }));

export const decodeRow = codec.decode;

export function toRow(sub: Subscriber): SubscriberRow {
  return {
    id: sub.emailNormalized,
    email: sub.email,
    name: sub.name,
    status: sub.status,
    sources: [...new Set(sub.consents.map((c) => c.source))].join(","),
    consents: JSON.stringify(sub.consents),
    firstConsentAt: sub.consents[0]?.at ?? sub.consentAt,
    lastConsentAt: sub.consents.at(-1)?.at ?? sub.consentAt,
    confirmedAt: sub.confirmedAt ?? "",
    unsubscribedAt: sub.unsubscribedAt ?? "",
    expiresAt: sub.expiresAt ?? 0,
  };
}

/** The index item of a subscriber, with the subscriber's TTL. */
export function indexItem(sub: Subscriber): Record<string, unknown> {
  return {
    ...layout.item(PART, sub.emailNormalized, codec.encode(toRow(sub))),
    ...(sub.expiresAt !== undefined ? { expiresAt: sub.expiresAt } : {}),
  };
}

export const indexKey = (emailNormalized: string) => layout.key(PART, emailNormalized);

export const COLLECTION = "newsletter";

/** Tells this process's cached subscriber rows that they changed (collection/epochs.ts). */
export const noteListChanged = () => notePartChanged(COLLECTION, PART);
