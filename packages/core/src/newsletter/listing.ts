export * as SubscriberListing from "./listing";

import { z } from "zod";
import { defineCollection } from "../collection/define";
import { allOf, answeredAt, oneOf } from "../collection/filters";
import { storedRows } from "../collection/index-rows";
import { Keys } from "../db/keys";
import { EmailAddress } from "../util/email";
import { normaliseEmail } from "../util/email";
import { COLLECTION, NAME_SEARCH, ORDERS, PART, decodeRow, layout } from "./index-item";
import type { SubscriberRow } from "./record";
import { readCounts, type Counts } from "./counts";
import { SOURCE_GROUPS, sourceGroupsOf } from "./sources";
import { STATUSES } from "./subscriber";

export type { Counts };

/**
 * The administrators' subscriber list: one collection (collection/define.ts) over the
 * newsletter index rows (index-item.ts), one part ("all"). Ids are normalised e-mails, not
 * time-sortable; the count cards' counters (counts.ts) give the totals. Unconfirmed subscribers expire (TTL) and DynamoDB deletes them lazily: a row
 * past its `expiresAt` is never listed, counted or exported.
 */

export const SORTS = ["lastConsentAt", "email", "name", "status", "confirmedAt"] as const;
export type Sort = (typeof SORTS)[number];

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Whether a row's subscriber is past its TTL at `asOf` (epoch seconds). */
export const isRowExpired = (row: Pick<SubscriberRow, "expiresAt">, asOf = nowSeconds()) => {
  const expiresAt = Number(row.expiresAt) || 0;
  return expiresAt > 0 && expiresAt <= asOf;
};

export const FILTERS = {
  status: oneOf(STATUSES, "Status"),
  source: oneOf(SOURCE_GROUPS, "Source"),
  /** expired rows are left out */
  asOf: answeredAt(),
};
type Filters = z.output<z.ZodObject<typeof FILTERS>>;

export function predicate(q: Filters) {
  return allOf<SubscriberRow>(
    (r) => !isRowExpired(r, q.asOf),
    q.status && ((r) => r.status === q.status),
    q.source && ((r) => sourceGroupsOf(r.sources).includes(q.source!)),
  );
}

/** The audit target of an export: the search and the filters. */
function describe(q: Filters & { search: string }): string {
  const filters = (["status", "source"] as const).filter((k) => q[k]).map((k) => `${k}=${q[k]}`);
  return "newsletter subscribers" + (q.search ? ` (search "${q.search}")` : "") + (filters.length ? ` (${filters.join(", ")})` : "");
}

export const subscribers = defineCollection({
  name: COLLECTION,
  orders: ORDERS satisfies Record<Sort, unknown>,
  nameSearch: NAME_SEARCH,
  // the count cards' counters answer the list's totals: all, by status or by source (not both at once)
  countOf: (q) => (q.status && q.source ? undefined : readCounts().then((c) => (q.status ? c.byStatus[q.status] : q.source ? c.bySource[q.source] : c.total))),
  defaultSort: "lastConsentAt",
  filters: FILTERS,
  predicate,
  ...storedRows(layout, decodeRow, () => [PART]),
  count: () => readCounts().then((c) => c.total),
  direct: {
    indexKey: layout.key,
    person: { kind: "newsletter", rowsOf: (key) => [Keys.subscriberOf(key)].flatMap((email) => (email ? [{ part: PART, id: email }] : [])) },
  },
  describe,
});

// ---------------------------------------------------------------------------------------------
// The count cards

/**
 * Counts by status and by source kind, from the counters kept with the writes (counts.ts): no row is
 * read. An unconfirmed subscriber leaves them at the end of the hour it expires in.
 */
export const counts = (): Promise<Counts> => readCounts();

// ---------------------------------------------------------------------------------------------
// One subscriber named by the request's body

/** The `email` of a subscriber's admin routes: the one e-mail grammar of every input (util/email.ts). */
export const SubscriberEmail = EmailAddress({ required: "Email is required", invalid: "Email must be an e-mail address", tooLong: "Email is too long" });

/**
 * The body `{email}` of the routes acting on one subscriber. The address travels in the body, never
 * in the path: paths are written to the API's access log (docs/architecture.md "Security model").
 */
export const SubscriberBody = z.object({ email: SubscriberEmail });

/** The body's e-mail, normalised (a subscriber's id), or a 400 naming the `email` field. */
export const emailOf = (body: z.output<typeof SubscriberBody>): string => normaliseEmail(body.email);
