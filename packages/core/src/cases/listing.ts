export * as CaseListing from "./listing";

import { z } from "zod";
import type { NamedRows } from "../collection/def";
import { defineCollection } from "../collection/define";
import { allOf, oneOf } from "../collection/filters";
import { storedRows } from "../collection/index-rows";
import { isSortableId } from "../util/id";
import { COLLECTION, NAME_SEARCH, ORDERS, PART, decodeRow, layout, type CaseRow } from "./index-item";
import { CASE_STATUSES } from "./status";
import { count } from "./store";

/**
 * The administrators' list of cases (`GET /api/admin/cases`): a collection (collection/define.ts)
 * over the case index rows (index-item.ts), so every page, order, filter and search reads a page of
 * the table whatever the number of cases. A search finds a case by the start of its title's first or
 * last word, or by its reference ("CASE-7K3M9Q", typed whole or in part), or by its id.
 */
export const SORTS = ["createdAt", "lastReportAt", "reports", "amountLost", "title", "status"] as const;
export type Sort = (typeof SORTS)[number];

/** "unassigned", or an administrator's e-mail (any case). */
const Assignee = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, "Assignee must be an e-mail address or unassigned")
  .refine((v) => v === "unassigned" || v.includes("@"), "Assignee must be an e-mail address or unassigned")
  .optional();

export const FILTERS = {
  status: oneOf(CASE_STATUSES, "Status"),
  assignee: Assignee,
};
type Filters = z.output<z.ZodObject<typeof FILTERS>>;

export function predicate(q: Filters) {
  return allOf<CaseRow>(
    q.status && ((r) => r.status === q.status),
    q.assignee && ((r) => (q.assignee === "unassigned" ? r.assignee === "" : r.assignee.toLowerCase() === q.assignee)),
  );
}

const named = (needle: string): NamedRows | undefined => (isSortableId(needle) ? [{ part: PART, id: needle }] : undefined);

export const cases = defineCollection({
  name: COLLECTION,
  orders: ORDERS satisfies Record<Sort, unknown>,
  nameSearch: NAME_SEARCH,
  defaultSort: "createdAt",
  pageSizes: { default: 25, max: 100 },
  filters: FILTERS,
  predicate,
  ...storedRows(layout, decodeRow, () => [PART]),
  count: () => count(),
  direct: { indexKey: layout.key, named },
});

export const ListQuery = cases.ListQuery;
export type ListQuery = z.input<typeof ListQuery>;
export const list = (input: ListQuery) => cases.list(input);
