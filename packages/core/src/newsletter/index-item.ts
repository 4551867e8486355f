import { ONE_PART } from "../collection/index-definition";
import { NEWSLETTER_INDEX_BUCKETS, Keys } from "../db/keys";
import { declaredIndex } from "../kinds/declared-index";
import { SUBSCRIBER_LIST, type SubscriberRow } from "./record";
import { KEPT_CONSENTS, consentCountOf, sourcesOf, type Subscriber } from "./subscriber";

/**
 * The admin subscriber index (collection/index-definition.ts): one compact row per subscriber,
 * written in the same transaction as the subscriber (newsletter/store.ts), with the subscriber's
 * TTL. pk `NLIDX#<bucket>`, sk = the normalised e-mail. The collection has one part, "all".
 */
export const { COLLECTION, layout, ORDERS, NAME_SEARCH, decodeRow, indexItem } = declaredIndex(SUBSCRIBER_LIST.admin, {
  collection: "newsletter",
  type: "newsletterIndex",
  buckets: NEWSLETTER_INDEX_BUCKETS,
  parts: { partition: Keys.newsletterIndexPartition, searchPart: Keys.newsletterIndexPart },
  fields: SUBSCRIBER_LIST.admin.fields,
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
