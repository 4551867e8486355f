import { ONE_PART, defineIndex } from "../collection/index-definition";
import { lastWordKey, textOrder, valueOrder } from "../collection/orders";
import { NEWSLETTER_INDEX_BUCKETS, Keys } from "../db/keys";
import { KEPT_CONSENTS, consentCountOf, sourcesOf, type Status, type Subscriber } from "./subscriber";

/**
 * The admin subscriber index (collection/index-definition.ts): one compact row per subscriber,
 * written in the same transaction as the subscriber (newsletter/store.ts), with the subscriber's
 * TTL. pk `NLIDX#<bucket>`, sk = the normalised e-mail. The collection has one part, "all".
 */
export interface SubscriberRow {
  /** the normalised e-mail */
  id: string;
  email: string;
  name: string;
  status: Status;
  /** distinct consent sources, in the order first given, joined by "," */
  sources: string;
  /** the latest consents (at most KEPT_CONSENTS) as JSON `[{source, at}]` */
  consents: string;
  firstConsentAt: string;
  lastConsentAt: string;
  confirmedAt: string;
  unsubscribedAt: string;
  /** TTL (epoch seconds) of an unconfirmed subscriber, 0 otherwise: a row past it is gone (TTL deletes lazily) */
  expiresAt: number;
  /** how many consents were ever given, those no longer in `consents` included (rows written before it: absent, read as "") */
  consentCount: number;
}

export const { COLLECTION, layout, ORDERS, NAME_SEARCH, decodeRow, indexItem } = defineIndex({
  collection: "newsletter",
  type: "newsletterIndex",
  buckets: NEWSLETTER_INDEX_BUCKETS,
  parts: { partition: Keys.newsletterIndexPartition, searchPart: Keys.newsletterIndexPart },
  fields: [
    ["email", "name", "status"],
    ["sources", "consents", "firstConsentAt", "lastConsentAt"],
    ["confirmedAt", "unsubscribedAt", "expiresAt"],
    ["consentCount"],
  ],
  // the list's sort orders, each with its slot (collection/orders.ts): e-mails are the ids, so none is the id order
  orders: {
    lastConsentAt: valueOrder<SubscriberRow>(1, (r) => r.lastConsentAt),
    email: textOrder<SubscriberRow>(2, (r) => r.email),
    name: textOrder<SubscriberRow>(3, (r) => r.name),
    status: valueOrder<SubscriberRow>(4, (r) => r.status),
    confirmedAt: valueOrder<SubscriberRow>(5, (r) => r.confirmedAt),
  },
  // search-only: the name from its last word
  searchKeys: { nameLast: lastWordKey<SubscriberRow>(6, (r) => r.name) },
  // a name search matches the e-mail and the name (first and last word) from the start
  nameSearch: (k) => [k.email, k.name, k.nameLast],
  toRow,
  // the subscriber's TTL
  extra: (sub) => (sub.expiresAt !== undefined ? { expiresAt: sub.expiresAt } : {}),
});

export const PART = ONE_PART;
export const indexKey = (emailNormalized: string) => layout.key(PART, emailNormalized);

export function toRow(sub: Subscriber): SubscriberRow {
  const consentCount = consentCountOf(sub);
  const consents = sub.consents.slice(-KEPT_CONSENTS);
  return {
    id: sub.emailNormalized,
    email: sub.email,
    name: sub.name,
    status: sub.status,
    sources: sourcesOf(sub).join(","),
    consents: JSON.stringify(consents),
    // once older consents are summarised the first is `consentAt` only
    firstConsentAt: (consentCount === consents.length ? consents[0]?.at : undefined) ?? sub.consentAt,
    lastConsentAt: consents.at(-1)?.at ?? sub.consentAt,
    confirmedAt: sub.confirmedAt ?? "",
    unsubscribedAt: sub.unsubscribedAt ?? "",
    expiresAt: sub.expiresAt ?? 0,
    consentCount,
  };
}
