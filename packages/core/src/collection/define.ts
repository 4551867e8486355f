import type { z } from "zod";
import { orderKeysBackfill } from "./backfill";
import { rowsByKey } from "./by-key";
import type { CollectionDef } from "./def";
import { collectionExports, describerOf } from "./export";
import { byIdsSource } from "./ids-source";
import { nameSearchSource } from "./name-source";
import { checkSlots } from "./orders";
import { byPersonSource } from "./person-source";
import { planOf, planPage, tableRead, type PageSelection, type Plan, type PlanRules, type Selection, type SortOrder } from "./plan";
import { exportQuery, listQuery } from "./query";
import { readerOf } from "./reader";
import type { Comparator } from "./sorts";
import { everyRowOf, noRows, type RowSource } from "./source";
import { tableSource } from "./table-source";

/**
 * One admin collection (signatures, scam reports, a lead list, ...): pages in every order, filters,
 * searches and exports, at any size, read from the table (docs/architecture.md "Admin lists at any
 * size"); no request holds more than a page, the rows a search names, or MAX_NAME_MATCHES rows.
 *
 * An assembler: the kind's definition (def.ts) gives the rules of the query plan (plan.ts: which
 * source serves a selection, pure) and what each source reads: the table merge (table-source.ts), the
 * name search (name-source.ts), the rows a search names by id (ids-source.ts) or by person
 * (person-source.ts). Exports (export.ts) and the order keys' backfill (backfill.ts) sit beside them.
 */
export function defineCollection<Row extends { id: string }, S extends string, F extends z.ZodRawShape>(def: CollectionDef<Row, S, F>) {
  checkSlots(def.name, def.orders);
  type FilterValues = z.output<z.ZodObject<F>>;
  const sorts = Object.keys(def.orders) as S[];
  const ListQuery = listQuery(sorts as [S, ...S[]], def.defaultSort, def.filters, def.pageSizes);
  const ExportQuery = exportQuery(ListQuery);

  const { scopeOf, predicate, countOf, direct, nameSearch, describe } = def;
  // a selection carries the collection's filter fields beside its search and order
  const filtersOf = (q: object) => q as FilterValues;
  const rules: PlanRules<Row, S> = {
    orders: def.orders,
    scopeOf: scopeOf && ((q) => scopeOf(filtersOf(q))),
    predicate: predicate && ((q) => predicate(filtersOf(q))),
    newestFirst: def.newestFirst !== undefined,
    byPerson: direct?.person !== undefined,
    named: direct?.named,
    nameSearch: nameSearch !== undefined,
  };

  const reader = readerOf(def, def.orders);
  const table = tableSource(reader, {
    newestFirst: def.newestFirst,
    count: def.count,
    countOf: countOf && ((q) => countOf(filtersOf(q))),
    defaultRead: tableRead(rules, def.defaultSort),
  });
  const byKey = direct && rowsByKey(reader, direct.indexKey);
  // the plan picks a search's source only where the definition gives what it reads (the rules above)
  const sources: { [P in Plan<Row, S> as P["source"]]: RowSource<Row, P> } = {
    table,
    person: byKey && direct?.person ? byPersonSource(byKey, direct.person) : noRows(),
    ids: byKey ? byIdsSource(byKey) : noRows(),
    name: nameSearch ? nameSearchSource(reader, nameSearch) : noRows(),
    none: noRows(),
  };
  const sourceOf = <P extends Plan<Row, S>>(plan: P) => sources[plan.source] as unknown as RowSource<Row, P>;

  /** Every row a selection holds, a page at a time, with how many. */
  async function every(q: Selection<S>, pageSize: number) {
    const plan = planOf(rules, q);
    return sourceOf(plan).every(plan, pageSize);
  }
  /** A list page: every order and filter from the table page by page; a search from the rows it selects. */
  async function page(q: PageSelection<S>) {
    const plan = planPage(rules, q);
    return sourceOf(plan).page(plan, q);
  }
  const exports = collectionExports(ExportQuery, { every, page });
  const described = describerOf(def.name, def.filters, (q) => scopeOf?.(filtersOf(q)), describe && ((q) => describe(q as FilterValues & { search: string })));

  return {
    name: def.name,
    ListQuery,
    ExportQuery,
    sorts,
    comparator: (sort: S): Comparator<Row> => reader.comparators[sort],
    list: async (input: z.input<typeof ListQuery>) => page(ListQuery.parse(input) as unknown as PageSelection<S>),
    exportPage: exports.exportPage,
    selection: exports.selection,
    /** Every row of a scope (default: all) in an order (default: the default sort, newest first), a page at a time. */
    async *stream(scope?: string, sort: S = def.defaultSort, order: SortOrder = "desc", pageSize = 1000): AsyncGenerator<Row[]> {
      yield* table.stream(scope, tableRead(rules, sort), order, pageSize);
    },
    /** The rows a search selects (a whole e-mail, an id or reference, or the start of a name), in the asked order; none without a search. */
    async query(q: Partial<FilterValues> & Selection<S>): Promise<readonly Row[]> {
      const plan = planOf(rules, q);
      return plan.source === "table" ? [] : everyRowOf(await sourceOf(plan).every(plan, 1000));
    },
    /** The audit target of a query (exports); by default the scope, the search and the filters. */
    describe: (q: Partial<FilterValues> & { search: string }): string => described(q as { search: string }),
    backfillOrderKeys: orderKeysBackfill(reader, def.orders, nameSearch),
  };
}

export type AdminCollection<Row extends { id: string }, S extends string, F extends z.ZodRawShape> = ReturnType<typeof defineCollection<Row, S, F>>;
