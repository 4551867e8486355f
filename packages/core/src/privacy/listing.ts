export * as PrivacyListing from "./listing";

import { z } from "zod";
import type { NamedRows, RowRef } from "../collection/def";
import { defineCollection } from "../collection/define";
import { storedRows } from "../collection/index-rows";
import { nameQueries } from "../collection/name-index";
import { readNameQuery } from "../collection/name-source";
import { foldText } from "../collection/orders";
import { keptPersonHash } from "../db/person-index";
import { isEmailAddress } from "../util/email";
import { allOf, answeredAt, oneOf } from "../collection/filters";
import { isSortableId, sortableIdFloor } from "../util/id";
import { COLLECTION, NAME_SEARCH, ORDERS, PART, decodeRow, layout, type PrivacyRequestRow } from "./index-item";
import { REQUEST_STATUSES, type RequestStatus } from "./input";
import { DELETION_LINK_SECONDS, DELETION_REQUEST_RECORD_DAYS } from "../policy/retention";
import { countedDays, dayOf, rowsBetween } from "./counts";

/**
 * The administrators' view of data-deletion requests (`/admin/privacy`): one collection
 * (collection/define.ts) over the request index rows (index-item.ts), one part ("all"). A row holds
 * the person's kept hash (a keyed HMAC), never the address: a search finds a person's requests by the
 * start of that hash, or by their address typed whole, hashed the same way (`requestsOf`).
 *
 * The status an administrator sees is derived: a stored "pending" request whose link stopped
 * working (`validUntil` ≤ now) is "expired". Filters, counts and the listed rows all derive it at
 * one instant, `asOf`; the status order's key needs no clock, so it never goes stale (see
 * `ORDERS.status` in index-item.ts).
 *
 * A request lives DELETION_REQUEST_RECORD_DAYS after it was made (its TTL, `expiresAt`, set by
 * requests.ts from `requestedAt`). DynamoDB deletes lazily, so a row past that time is never listed
 * or counted (`isPastRetention`); the totals come from the count cards' counters (counts.ts).
 */

export const SORTS = ["requestedAt", "status", "completedAt"] as const;
export type Sort = (typeof SORTS)[number];

/** A request as listed: its status derived at the time of the answer. */
export type ListedRequest = Omit<PrivacyRequestRow, "status"> & { status: RequestStatus };

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The status of a stored row at `asOf` (epoch seconds): a pending request past its link's validity is expired. */
export function statusOf(row: Pick<PrivacyRequestRow, "status" | "validUntil">, asOf = nowSeconds()): RequestStatus {
  if (row.status !== "pending") return row.status;
  const until = Date.parse(row.validUntil);
  return Number.isFinite(until) && until <= asOf * 1000 ? "expired" : "pending";
}

const RETENTION_MS = DELETION_REQUEST_RECORD_DAYS * 24 * 3600 * 1000;

/** Whether a row's request is past its TTL at `asOf` (epoch seconds): gone, or about to be. */
export function isPastRetention(row: Pick<PrivacyRequestRow, "requestedAt">, asOf = nowSeconds()): boolean {
  const at = Date.parse(row.requestedAt);
  return Number.isFinite(at) && at + RETENTION_MS <= asOf * 1000;
}

/** The row as the list shows it, at `asOf`. */
export const listed = (row: PrivacyRequestRow, asOf = nowSeconds()): ListedRequest => ({ ...row, status: statusOf(row, asOf) });

export const FILTERS = {
  /** the derived status */
  status: oneOf(REQUEST_STATUSES, "Status"),
  /** the derived status is taken at it, and rows past their TTL are left out */
  asOf: answeredAt(),
};
type Filters = z.output<z.ZodObject<typeof FILTERS>>;

export function predicate(q: Filters) {
  return allOf<PrivacyRequestRow>((r) => !isPastRetention(r, q.asOf), q.status && ((r) => statusOf(r, q.asOf) === q.status));
}

/** A person has at most a few requests (LINKS_PER_ADDRESS_PER_DAY a day, kept DELETION_REQUEST_RECORD_DAYS). */
const MAX_REQUESTS_OF_ONE = 1000;

/**
 * The requests of the person with `email` (any spelling): the rows whose person is its kept hash,
 * exactly, from the person key's search partitions (one query per shard, collection/name-index.ts).
 */
export async function requestsOf(email: string): Promise<RowRef[]> {
  const kept = keptPersonHash(email);
  const queries = nameQueries(NAME_SEARCH, [PART], layout.partitions(PART), foldText(kept), MAX_REQUESTS_OF_ONE);
  const found = await Promise.all(
    queries.map(async (query) => {
      const { items } = await readNameQuery(query, "sk, r");
      // the search key is folded (lower-cased): only the exact hash is the person's
      return items.map((item) => decodeRow(PART, String(item.sk), String(item.r))).filter((row) => row.person === kept);
    }),
  );
  return found.flat().map((row) => ({ part: PART, id: row.id }));
}

/** A search that names its rows: a request id, or a whole e-mail address (the person's requests). */
function named(needle: string): NamedRows | undefined {
  if (isSortableId(needle)) return [{ part: PART, id: needle }];
  if (isEmailAddress(needle)) return () => requestsOf(needle);
  return undefined;
}

export const requests = defineCollection({
  name: COLLECTION,
  orders: ORDERS satisfies Record<Sort, unknown>,
  nameSearch: NAME_SEARCH,
  // the count cards' counters answer the list's totals
  countOf: (q) => counts().then((c) => (q.status ? c.byStatus[q.status] : c.total)),
  defaultSort: "requestedAt",
  filters: FILTERS,
  predicate,
  ...storedRows(layout, decodeRow, () => [PART]),
  count: () => counts().then((c) => c.total),
  direct: { indexKey: layout.key, named },
});

export const ListQuery = requests.ListQuery;
export type ListQuery = z.input<typeof ListQuery>;

/**
 * A list page (`GET /api/admin/privacy/requests`), newest request first by default, every row with
 * its derived status: the filter and the rows use the same instant (the query's `asOf`).
 */
export async function list(input: ListQuery) {
  const q = ListQuery.parse(input);
  const page = await requests.list(q);
  return { ...page, items: page.items.map((row) => listed(row, q.asOf)) };
}

// ---------------------------------------------------------------------------------------------
// The count cards

export interface Counts {
  total: number;
  byStatus: Record<RequestStatus, number>;
}

/**
 * Every request kept, and how many are in each derived status now, from the counters kept with the
 * writes (counts.ts): the days after the one the retention limit falls in, that day's kept requests
 * from their rows, and the pending requests whose link still works from the rows of the link's
 * validity (a link is valid DELETION_LINK_HOURS from the request): the other stored pending are expired.
 */
export async function counts(): Promise<Counts> {
  const asOf = nowSeconds();
  const cutoff = asOf * 1000 - RETENTION_MS;
  const boundary = dayOf(cutoff);
  const nextDay = Date.parse(boundary) + 86_400_000;
  const stored = await countedDays(dayOf(nextDay));
  for await (const row of rowsBetween(sortableIdFloor(cutoff + 1), sortableIdFloor(nextDay))) {
    if (!isPastRetention(row, asOf) && dayOf(row.requestedAt) === boundary) stored[row.status]++;
  }
  let live = 0;
  for await (const row of rowsBetween(sortableIdFloor(asOf * 1000 - DELETION_LINK_SECONDS * 1000))) {
    if (!isPastRetention(row, asOf) && statusOf(row, asOf) === "pending") live++;
  }
  const byStatus = { pending: live, expired: stored.pending - live, confirmed: stored.confirmed, completed: stored.completed };
  return { total: stored.pending + stored.confirmed + stored.completed, byStatus };
}
