import { QueryCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { z } from "zod";
import { settings } from "../config";
import { getMany } from "../db/batch";
import { db, table } from "../db/client";
import { orderAttribute, orderIndex } from "../db/indexes";
import { recordsOf, type RecordKind } from "../db/person-index";
import { queryPages } from "../db/query";
import { isEmailAddress } from "../util/email";
import { pageOf, type CursorPage, type Page } from "../util/page";
import { pool } from "../util/pool";
import { decodeCursor, encodeCursor, MAX_SKIPPED_ROWS, PastSkipLimit } from "./cursor";
import type { RowPredicate } from "./filters";
import { mergeAll, mergePage, type MergeSource } from "./merge";
import { nameQueries, searchAttributes, type NameIndex } from "./name-index";
import { checkSlots, comparatorOf, foldText, orderAttributes, searchValueOf, type IndexedOrders } from "./orders";
import { exportQuery, listQuery, type PageSizes } from "./query";
import { auditedSearch, needleOf } from "./search";
import { sortRows, type Comparator } from "./sorts";

/**
 * One admin collection (signatures, scam reports, a lead list, ...): pages in every order, filters,
 * searches and exports, at any size, read from the table (docs/architecture.md "Admin lists at any
 * size"); no request holds more than a page, the rows a search names, or MAX_NAME_MATCHES rows.
 *
 * - a **part** is a set of index rows with its own count (signatures: one petition; reports: all of
 *   them); a **scope** is what a query asks for and covers one or more parts (all petitions).
 * - Orders (orders.ts): the id order is the index rows' own sort key, the part order the same
 *   partitions merged part by part, every other a global index over the same partitions; a page of
 *   any order is a merge of the scope's partitions (merge.ts),
 *   filtered as it is read, with cursors of one key.
 * - Searches: a whole e-mail address, an id or a reference is read by key (`direct`); anything else
 *   matches the start of the words of the collection's name keys (`nameSearch`).
 */
/** An index row by its part and id. */
export interface RowRef {
  part: string;
  id: string;
}

export interface CollectionDef<Row extends { id: string }, S extends string, F extends z.ZodRawShape> {
  /** "signatures", "reports", "leads": names the collection in errors and audit targets */
  name: string;
  /**
   * The sort orders and how the table serves each (orders.ts): the id order from the index rows'
   * own sort key, every other from its slot's global index. Rows read by key sort by the same keys.
   */
  orders: IndexedOrders<NoInfer<Row>, S>;
  /** usually `createdAt` by id (time-sortable): newest first is its descending order */
  defaultSort: NoInfer<S>;
  /** the collection's own query fields (zod, each optional): a scope selector and structured filters */
  filters: F;
  /** which scope a query asks for (`undefined`: every part) */
  scopeOf?: (q: z.output<z.ZodObject<F>>) => string | undefined;
  /** the filters' predicate; `undefined` when the query sets none */
  predicate?: (q: z.output<z.ZodObject<F>>) => RowPredicate<NoInfer<Row>> | undefined;
  /** the parts of a scope; answer synchronously when the scope names them (no I/O) */
  parts: (scope: string | undefined) => readonly string[] | Promise<readonly string[]>;
  /** the index partitions of a part, merged in parallel */
  partitions: (part: string) => readonly string[];
  /** an index item's row from its part, sort key (the id) and packed `r`; the collection's row type is inferred from it */
  decode: (part: string, id: string, packed: string) => Row;
  /** the part's count (counters kept with the writes, strongly consistent); `undefined` when the part is gone */
  count: (part: string) => Promise<number | undefined>;
  /**
   * Where the id order's pages come from when not from the scope's parts' index partitions (e.g. a
   * GSI spread over fewer partitions than every part's).
   */
  newestFirst?: (scope: string | undefined) => MergeSource<NoInfer<Row>> | Promise<MergeSource<NoInfer<Row>>>;
  /**
   * The keys a search matches from their start, each word of the search the start of a word of one of
   * them (names, e-mails), and where their search partitions start (name-index.ts): read from the
   * search indexes by a prefix range (a one-letter word: from the keys' order indexes), at most
   * MAX_NAME_MATCHES rows. A search neither these nor `direct` answer finds nothing.
   */
  nameSearch?: NameIndex<NoInfer<Row>>;
  /** how many rows a filter selects, when counters kept with the writes tell (else the page says it is filtered) */
  countOf?: (q: z.output<z.ZodObject<F>>) => Promise<number | undefined> | undefined;
  /**
   * Searches answered by key: exact, at once, at any size. A whole
   * e-mail address goes through the person index (db/person-index.ts; `person.rowsOf` names the index
   * rows of a record it found, several candidates when the key does not tell the part); `named`
   * answers the rows a search names by id or reference number, or undefined when it names none.
   * `indexKey` is where an index row is stored.
   */
  direct?: {
    indexKey: (part: string, id: string) => { pk: string; sk: string };
    person?: { kind: RecordKind; rowsOf: (record: { pk: string; sk: string }) => RowRef[] };
    named?: (needle: string, scope: string | undefined) => Promise<RowRef[]> | undefined;
  };
  /** the audit target of a query (exports); by default the scope, the search and the filters */
  describe?: (q: z.output<z.ZodObject<F>> & { search: string }) => string;
  pageSizes?: PageSizes;
}

/** A name search holds at most this many matching rows (then it says so: more of the name narrows it). */
export const MAX_NAME_MATCHES = 1000;
/** The words of a search looked up by their start (the longest: the fewest rows); the others filter. */
const MAX_PROBES = 3;
/** Index queries a name search runs at once. */
const NAME_QUERY_CONCURRENCY = 64;

/** A page's position and size, as the list and export queries give them. */
type PageSelection<S extends string, FilterValues> = Partial<FilterValues> & {
  search: string;
  sort: S;
  order: "asc" | "desc";
  page: number;
  pageSize: number;
  after?: string;
  before?: string;
};

export function defineCollection<Row extends { id: string }, S extends string, F extends z.ZodRawShape>(def: CollectionDef<Row, S, F>) {
  checkSlots(def.name, def.orders);
  const sortKeys = Object.keys(def.orders) as S[];
  const comparators = Object.fromEntries(sortKeys.map((sort) => [sort, comparatorOf(def.orders[sort])])) as Record<S, Comparator<Row>>;
  const ListQuery = listQuery(sortKeys as [S, ...S[]], def.defaultSort, def.filters, def.pageSizes);
  const ExportQuery = exportQuery(ListQuery);
  type ListInput = z.input<typeof ListQuery>;
  type ExportInput = z.input<typeof ExportQuery>;
  type FilterValues = z.output<z.ZodObject<F>>;
  /** What a selection needs: the filters and the order, no page. */
  type Selection = Partial<FilterValues> & { search: string; sort: S; order: "asc" | "desc" };

  const filterKeys = Object.keys(def.filters).sort();
  const pendingParts = new Map<string, Promise<readonly string[]>>();

  const scopeOf = (q: Partial<FilterValues>) => def.scopeOf?.(q as FilterValues);
  const predicateOf = (q: Partial<FilterValues>) => def.predicate?.(q as FilterValues);

  /** The scope's parts; one query in flight per scope. */
  function partsOf(scope: string | undefined): readonly string[] | Promise<readonly string[]> {
    const key = scope === undefined ? "all" : `s:${scope}`;
    const pending = pendingParts.get(key);
    if (pending) return pending;
    const answer = def.parts(scope);
    if (Array.isArray(answer)) return answer;
    const asked = Promise.resolve(answer).finally(() => pendingParts.delete(key));
    pendingParts.set(key, asked);
    return asked;
  }

  /** The index rows a search names directly (a whole e-mail address, an id, a reference number), or undefined. */
  function directRefs(search: string, scope: string | undefined): Promise<RowRef[]> | undefined {
    const needle = needleOf(search);
    if (!def.direct || !needle) return undefined;
    const { person, named } = def.direct;
    if (person && isEmailAddress(needle)) return recordsOf(needle, person.kind).then((records) => records.flatMap(person.rowsOf));
    return named?.(needle, scope);
  }

  /** The rows of `refs` in the scope (read consistently; missing ones are left out), matching the filters, in the asked order. */
  async function directRows(refs: RowRef[], q: Selection): Promise<Row[]> {
    const { indexKey } = def.direct!;
    const scope = scopeOf(q);
    const wanted = refs.filter((r) => scope === undefined || r.part === scope);
    const partOf = new Map(wanted.map((r) => [indexKey(r.part, r.id).pk, r.part]));
    const items = await getMany(
      wanted.map((r) => indexKey(r.part, r.id)),
      { consistent: true },
    );
    const test = predicateOf(q);
    const rows = items.map((item) => def.decode(partOf.get(String(item.pk))!, String(item.sk), String(item.r))).filter((r) => !test || test(r));
    return sortRows(rows, comparators[q.sort], q.order);
  }

  /**
   * The rows whose name keys hold every word of the search at the start of one of their words,
   * matching the filters, in the asked order. A key's index finds its rows by their key's start: for
   * each word of the search (its MAX_PROBES longest) and key, one prefix-range query per search
   * partition of the scope's parts (the key's shards each, name-index.ts), or for a one-letter word one
   * per bucket on the key's order index; each reads at most its share of MAX_NAME_MATCHES. The rows
   * found are kept when every word starts a word of their keys (`truncated` when a query had more).
   */
  async function nameRows(q: Selection): Promise<{ rows: Row[]; truncated: boolean }> {
    const index = def.nameSearch;
    const keys = index?.keys ?? [];
    const words = [...new Set(foldText(q.search).split(" ").filter(Boolean))];
    const probes = [...words].sort((a, b) => b.length - a.length).slice(0, MAX_PROBES);
    const names = await partsOf(scopeOf(q));
    const partOf = new Map(names.flatMap((part) => def.partitions(part).map((pk) => [pk, part] as const)));
    const found = new Map<string, Row>();
    let truncated = false;
    const queries = index ? probes.flatMap((probe) => nameQueries(index, names, [...partOf.keys()], probe, MAX_NAME_MATCHES)) : [];
    await pool(queries, NAME_QUERY_CONCURRENCY, async ({ pk, index: indexName, range, limit }) => {
      const res = await db().send(
        new QueryCommand({
          TableName: table(),
          IndexName: indexName,
          KeyConditionExpression: range.KeyConditionExpression,
          ExpressionAttributeNames: range.ExpressionAttributeNames,
          ExpressionAttributeValues: { ":pk": pk, ...range.values },
          ProjectionExpression: "pk, sk, r",
          Limit: limit,
        }),
      );
      if (res.LastEvaluatedKey) truncated = true;
      for (const item of res.Items ?? []) found.set(`${item.pk}|${item.sk}`, def.decode(partOf.get(String(item.pk))!, String(item.sk), String(item.r)));
    });
    const test = predicateOf(q);
    const startsAWord = (row: Row) => {
      const held = keys.flatMap((key) => searchValueOf(key, row)?.split(" ") ?? []);
      return words.every((w) => held.some((h) => h.startsWith(w)));
    };
    const rows = [...found.values()].filter((r) => startsAWord(r) && (!test || test(r)));
    return { rows: sortRows(rows, comparators[q.sort], q.order).slice(0, MAX_NAME_MATCHES), truncated: truncated || rows.length > MAX_NAME_MATCHES };
  }

  /** The rows a search selects, in the asked order: by key for a search that names its rows, else by name. */
  async function searched(q: Selection): Promise<{ rows: readonly Row[]; truncated: boolean }> {
    const refs = directRefs(q.search, scopeOf(q));
    if (refs) return { rows: await directRows(await refs, q), truncated: false };
    if (def.nameSearch) return nameRows(q);
    return { rows: [], truncated: false };
  }

  /**
   * Where a sort's pages come from: the id order from the scope's index partitions (or `newestFirst`),
   * read consistently; any other from its slot's global index over the same partitions.
   */
  async function tableSource(scope: string | undefined, sort: S): Promise<MergeSource<Row>> {
    const { slot, byPart } = def.orders[sort];
    if (slot === undefined && !byPart && def.newestFirst) return def.newestFirst(scope);
    const names = await partsOf(scope);
    const partOf = new Map(names.flatMap((part) => def.partitions(part).map((pk) => [pk, part] as const)));
    const decode = (item: Record<string, unknown>) => def.decode(partOf.get(String(item.pk))!, String(item.sk), String(item.r));
    if (byPart) return { partitions: [...partOf.keys()], consistent: true, projection: "pk, sk, r", decode, partOf: (pk) => partOf.get(pk)! };
    if (slot === undefined) return { partitions: [...partOf.keys()], consistent: true, projection: "pk, sk, r", decode };
    return { partitions: [...partOf.keys()], index: orderIndex(slot), skName: orderAttribute(slot), projection: "pk, sk, r", decode };
  }

  /** The scope's total: its parts' counts (counters kept with the writes). */
  async function total(scope: string | undefined): Promise<number> {
    const counts = await Promise.all((await partsOf(scope)).map((part) => def.count(part)));
    return counts.reduce<number>((sum, n) => sum + (n ?? 0), 0);
  }

  /**
   * What a page's `total` counts: the scope's rows (counters), or with a filter what its counters tell.
   * A filter no counter answers is counted by reading the list when it holds at most
   * ADMIN_FILTER_MAX_READS rows; past that the total is the scope's, marked `filtered: true`.
   */
  async function totalOf(q: Selection): Promise<{ total: number; filtered?: true }> {
    const scope = scopeOf(q);
    const keep = predicateOf(q);
    if (!keep) return { total: await total(scope) };
    const counted = await def.countOf?.(q as unknown as FilterValues);
    if (counted !== undefined) return { total: counted };
    // the whole list's count: the kind's own counter of all its rows when it has one, else its parts'
    const all = (await def.countOf?.({} as FilterValues)) ?? (await total(scope));
    if (all > settings().ADMIN_FILTER_MAX_READS) return { total: all, filtered: true };
    let matches = 0;
    for await (const page of mergeAll(await tableSource(scope, def.defaultSort), "desc", 1000, keep)) matches += page.length;
    return { total: matches };
  }

  /**
   * A page in any order, filtered or not, from the table: the first (or page N, passing over the rows
   * before it), the one after a cursor (further down the order), or the one before it. `next` and
   * `prev` are the cursors of the pages around it (null at either end). A filter reads at most
   * ADMIN_FILTER_MAX_READS rows for a page: a page it could not fill ends there, with `next` going on
   * from the last row read.
   */
  async function tablePage(q: Selection & { page: number; pageSize: number; after?: string; before?: string }): Promise<CursorPage<Row> & { filtered?: true }> {
    const scope = scopeOf(q);
    const source = await tableSource(scope, q.sort);
    const keep = predicateOf(q);
    const of = (key: string) => encodeCursor(q.sort, q.order, key);
    const opposite = q.order === "desc" ? "asc" : "desc";
    const after = q.after === undefined ? undefined : decodeCursor(q.after, q.sort, q.order);
    const before = q.before === undefined ? undefined : decodeCursor(q.before, q.sort, q.order);
    const counted = totalOf(q);
    if (before !== undefined) {
      const newer = await mergePage(source, { order: opposite, limit: q.pageSize, after: before, keep });
      // a full page before the cursor (or one a filter cut short); a short one means the top is reached: the first page then
      if (newer.items.length === q.pageSize || newer.resume !== undefined) {
        const items = newer.items.reverse();
        const keys = newer.keys.reverse();
        const prev = newer.resume ?? (newer.more ? keys[0] : undefined);
        return {
          items,
          ...(await counted),
          page: Math.max(1, q.page),
          pageSize: q.pageSize,
          next: of(keys.at(-1) ?? before),
          prev: prev === undefined ? null : of(prev),
        };
      }
      const first = await mergePage(source, { order: q.order, limit: q.pageSize, keep });
      return {
        items: first.items,
        ...(await counted),
        page: 1,
        pageSize: q.pageSize,
        next: first.more ? of(first.resume ?? first.keys.at(-1)!) : null,
        prev: null,
      };
    }
    const skip = after === undefined ? (q.page - 1) * q.pageSize : 0;
    if (skip > MAX_SKIPPED_ROWS) throw new PastSkipLimit();
    const page = await mergePage(source, { order: q.order, limit: q.pageSize, after, skip, keep });
    const atTop = after === undefined && skip === 0;
    const last = page.resume ?? page.keys.at(-1);
    const first = page.keys[0] ?? after;
    return {
      items: page.items,
      ...(await counted),
      page: q.page,
      pageSize: q.pageSize,
      next: page.more && last !== undefined ? of(last) : null,
      prev: atTop || first === undefined ? null : of(first),
    };
  }

  /** Whether a selection is read straight from the table: every order and filter is, a search only when it names its rows. */
  const fromTable = (q: Selection) => !needleOf(q.search);

  /**
   * Every row a query selects, a page at a time, with how many there are (for an export job's
   * progress): memory holds one page (a search: the rows it found).
   */
  async function selection(input: ExportInput, pageSize = 1000): Promise<{ total: number; pages: AsyncGenerator<Row[]> }> {
    const q = ExportQuery.parse(input) as unknown as Selection;
    if (fromTable(q)) {
      const source = await tableSource(scopeOf(q), q.sort);
      return { total: (await totalOf(q)).total, pages: mergeAll(source, q.order, pageSize, predicateOf(q)) };
    }
    const { rows } = await searched(q);
    async function* slices() {
      for (let i = 0; i < rows.length; i += pageSize) yield rows.slice(i, i + pageSize);
    }
    return { total: rows.length, pages: slices() };
  }

  /** Every row of a scope (default: all) in an order (default: the default sort, newest first), a page at a time. */
  async function* stream(scope?: string, sort: S = def.defaultSort, order: "asc" | "desc" = "desc", pageSize = 1000): AsyncGenerator<Row[]> {
    yield* mergeAll(await tableSource(scope, sort), order, pageSize);
  }

  async function pageFor(q: PageSelection<S, FilterValues>): Promise<Page<Row> | CursorPage<Row> | (Page<Row> & { truncated: true })> {
    if (fromTable(q)) return tablePage(q);
    const { rows, truncated } = await searched(q);
    return { ...pageOf(rows, q.page, q.pageSize), ...(truncated ? { truncated: true as const } : {}) };
  }

  /** A list page: every order and filter from the table page by page; a search from the rows it selects. */
  async function list(input: ListInput) {
    return pageFor(ListQuery.parse(input) as unknown as PageSelection<S, FilterValues>);
  }

  /** An export's page: a list page of up to EXPORT_PAGE_SIZE rows (by cursor past the first 10,000). */
  async function exportPage(input: ExportInput) {
    return pageFor(ExportQuery.parse(input) as unknown as PageSelection<S, FilterValues>);
  }

  /**
   * Gives the index rows written before the order and search indexes their order, name and search
   * keys (`o<n>`, `s<n>`/`w<n>`), once (a migration, `npm run job:order-keys-backfill`): every row
   * of every part, a page at a time, gets
   * the keys its kind's index item writes today, by an update conditioned on the row's packed
   * fields, so a row rewritten or deleted meanwhile is left alone. Rows holding them already are
   * not written: running it again updates nothing.
   */
  async function backfillOrderKeys(onPage?: (progress: { read: number; updated: number }) => void): Promise<{ read: number; updated: number }> {
    const keys = { ...def.orders, ...Object.fromEntries((def.nameSearch?.keys ?? []).map((key, i) => [`name${i}`, key])) };
    const progress = { read: 0, updated: 0 };
    for (const part of await partsOf(undefined)) {
      for (const pk of def.partitions(part)) {
        for await (const page of queryPages({
          TableName: table(),
          KeyConditionExpression: "pk = :pk",
          ExpressionAttributeValues: { ":pk": pk },
          ConsistentRead: true,
        })) {
          await pool(page.Items ?? [], 16, async (item) => {
            progress.read++;
            const row = def.decode(part, String(item.sk), String(item.r));
            const wanted = { ...orderAttributes(keys, row), ...(def.nameSearch ? searchAttributes(def.nameSearch, part, row) : {}) };
            const stale = Object.entries(wanted).filter(([name, value]) => item[name] !== value);
            if (!stale.length) return;
            try {
              await db().send(
                new UpdateCommand({
                  TableName: table(),
                  Key: { pk: item.pk, sk: item.sk },
                  UpdateExpression: `SET ${stale.map((_, i) => `#a${i} = :v${i}`).join(", ")}`,
                  ConditionExpression: "#r = :r",
                  ExpressionAttributeNames: { "#r": "r", ...Object.fromEntries(stale.map(([name], i) => [`#a${i}`, name])) },
                  ExpressionAttributeValues: { ":r": item.r, ...Object.fromEntries(stale.map(([, value], i) => [`:v${i}`, value])) },
                }),
              );
              progress.updated++;
            } catch (err) {
              if ((err as Error).name !== "ConditionalCheckFailedException") throw err;
            }
          });
          onPage?.(progress);
        }
      }
    }
    return progress;
  }

  /** The rows a search selects (a whole e-mail, an id or reference, or the start of a name), in the asked order. */
  async function query(q: Selection): Promise<readonly Row[]> {
    return (await searched(q)).rows;
  }

  function describe(q: Partial<FilterValues> & { search: string }): string {
    if (def.describe) return def.describe(q as FilterValues & { search: string });
    const scope = scopeOf(q);
    const filters = filterKeys
      .map((k) => [k, (q as Record<string, unknown>)[k]] as const)
      .filter(([, v]) => v !== undefined && v !== null && v !== "" && v !== scope)
      .map(([k, v]) => `${k}=${String(v)}`);
    return (scope ?? `all ${def.name}`) + (q.search ? ` (${auditedSearch(q.search)})` : "") + (filters.length ? ` (${filters.join(", ")})` : "");
  }

  return {
    name: def.name,
    ListQuery,
    ExportQuery,
    sorts: sortKeys,
    comparator: (sort: S): Comparator<Row> => comparators[sort],
    list,
    exportPage,
    selection,
    stream,
    query,
    describe,
    backfillOrderKeys,
  };
}

export type AdminCollection<Row extends { id: string }, S extends string, F extends z.ZodRawShape> = ReturnType<typeof defineCollection<Row, S, F>>;
