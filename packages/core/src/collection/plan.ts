import type { OrderSlot } from "../db/indexes";
import { isEmailAddress } from "../util/email";
import { decodeCursor, MAX_SKIPPED_ROWS, PastSkipLimit } from "./cursor";
import type { NamedRows } from "./def";
import type { RowPredicate } from "./filters";
import { foldText } from "./orders";

/**
 * The query plan of an admin collection: which source serves a selection (its filters, search,
 * order and cursor) and with what parameters. Pure: no I/O, no AWS; the sources (define.ts wires
 * them) read what the plan says.
 *
 * - No search: the table, a merge of the scope's index partitions in the order's index (`read`),
 *   filtered as it is read; a page starts before a cursor, after one, or past the pages before it.
 * - A whole e-mail address, where the person index knows the kind: by person.
 * - A search the kind names rows by (an id, a reference): by ids.
 * - Anything else: the start of the words of the name keys (by name), or nothing without them.
 */

/** What a search looks for: trimmed and lower-cased; "" is no search. */
export const needleOf = (search: string) => search.trim().toLowerCase();

/** The words of a search looked up by their start (the longest: the fewest rows); the others filter. */
export const MAX_PROBES = 3;

export type SortOrder = "asc" | "desc";

/** What a selection asks, beside the collection's own filter fields: a search and an order. */
export interface Selection<S extends string> {
  search: string;
  sort: S;
  order: SortOrder;
}

/** Which page of a selection: its number and size, and the cursor of a page next to it. */
export interface PageSelection<S extends string> extends Selection<S>, PageAt {
  after?: string;
  before?: string;
}

export interface PageAt {
  page: number;
  pageSize: number;
}

/** What the plan knows of a collection: its orders, its filters and the searches it answers. */
export interface PlanRules<Row, S extends string> {
  orders: { readonly [K in S]: { slot?: OrderSlot; byPart?: true } };
  scopeOf?: (q: Selection<S>) => string | undefined;
  predicate?: (q: Selection<S>) => RowPredicate<Row> | undefined;
  /** the id order is read from a source of its own (the definition's `newestFirst`) */
  newestFirst?: boolean;
  /** a whole e-mail address is looked up in the person index */
  byPerson?: boolean;
  /** the rows a search names by id or reference, or undefined when it names none */
  named?: (needle: string, scope: string | undefined) => NamedRows | undefined;
  /** the collection has name keys a search matches by their start */
  nameSearch?: boolean;
}

/** Where a sort's rows are in the table: the id order's own source, the parts one after another, the index rows' sort key, or an order's index. */
export type TableRead = { by: "newestFirst" } | { by: "part" } | { by: "id" } | { by: "order"; slot: OrderSlot };

/** Where a table page starts: before a cursor, or after one (or from the top) past `skip` rows. */
export type Position = { before: string } | { after?: string; skip: number };

/** What every plan tells its source: the scope, the order and the filters' predicate. */
export interface Planned<Row, S extends string> {
  scope: string | undefined;
  sort: S;
  order: SortOrder;
  keep?: RowPredicate<Row>;
}

export interface TablePlan<Row, S extends string> extends Planned<Row, S> {
  source: "table";
  read: TableRead;
  position: Position;
  /** the selection itself: what counts its rows (the definition's `countOf`) reads its filters */
  selection: Selection<S>;
}

export interface PersonPlan<Row, S extends string> extends Planned<Row, S> {
  source: "person";
  email: string;
}

export interface IdsPlan<Row, S extends string> extends Planned<Row, S> {
  source: "ids";
  refs: NamedRows;
}

export interface NamePlan<Row, S extends string> extends Planned<Row, S> {
  source: "name";
  /** the search's folded words, each the start of a word a row's name keys hold */
  words: string[];
  /** the words looked up in the indexes */
  probes: string[];
}

export interface NonePlan<Row, S extends string> extends Planned<Row, S> {
  source: "none";
}

export type Plan<Row, S extends string> = TablePlan<Row, S> | PersonPlan<Row, S> | IdsPlan<Row, S> | NamePlan<Row, S> | NonePlan<Row, S>;

/** Where the table holds a sort's rows. */
export function tableRead<S extends string>(rules: Pick<PlanRules<unknown, S>, "orders" | "newestFirst">, sort: S): TableRead {
  const { slot, byPart } = rules.orders[sort];
  if (byPart) return { by: "part" };
  if (slot !== undefined) return { by: "order", slot };
  return rules.newestFirst ? { by: "newestFirst" } : { by: "id" };
}

/** A name search's words and the ones looked up (its MAX_PROBES longest). */
export function wordsOf(search: string): { words: string[]; probes: string[] } {
  const words = [...new Set(foldText(search).split(" ").filter(Boolean))];
  return { words, probes: [...words].sort((a, b) => b.length - a.length).slice(0, MAX_PROBES) };
}

/** The plan of a selection: every row it holds, from the top. */
export function planOf<Row, S extends string>(rules: PlanRules<Row, S>, q: Selection<S>): Plan<Row, S> {
  const planned: Planned<Row, S> = { scope: rules.scopeOf?.(q), sort: q.sort, order: q.order, keep: rules.predicate?.(q) };
  const needle = needleOf(q.search);
  if (!needle) return { ...planned, source: "table", read: tableRead(rules, q.sort), position: { skip: 0 }, selection: q };
  if (rules.byPerson && isEmailAddress(needle)) return { ...planned, source: "person", email: needle };
  const refs = rules.named?.(needle, planned.scope);
  if (refs) return { ...planned, source: "ids", refs };
  if (rules.nameSearch) return { ...planned, source: "name", ...wordsOf(q.search) };
  return { ...planned, source: "none" };
}

/**
 * Where a table page starts. A cursor of another sort or order (the console changed it meanwhile)
 * starts over from the top; a numbered page without a cursor passes over at most MAX_SKIPPED_ROWS.
 */
export function positionOf<S extends string>(q: PageSelection<S>): Position {
  const after = q.after === undefined ? undefined : decodeCursor(q.after, q.sort, q.order);
  const before = q.before === undefined ? undefined : decodeCursor(q.before, q.sort, q.order);
  if (before !== undefined) return { before };
  const skip = after === undefined ? (q.page - 1) * q.pageSize : 0;
  if (skip > MAX_SKIPPED_ROWS) throw new PastSkipLimit();
  return { after, skip };
}

/** The plan of a list page: the selection's, a table page starting where its cursor or number says (a search's page is cut from the rows it finds). */
export function planPage<Row, S extends string>(rules: PlanRules<Row, S>, q: PageSelection<S>): Plan<Row, S> {
  const plan = planOf(rules, q);
  return plan.source === "table" ? { ...plan, position: positionOf(q) } : plan;
}
