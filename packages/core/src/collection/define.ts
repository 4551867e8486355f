import { QueryCommand as RawQueryCommand, type QueryCommandInput as RawQueryInput } from "@aws-sdk/client-dynamodb";
import type { z } from "zod";
import { getMany } from "../db/batch";
import { rawDb, table } from "../db/client";
import { recordsOf, type RecordKind } from "../db/person-index";
import { settings } from "../config";
import { isEmailAddress } from "../util/email";
import { VisibleError } from "../util/error";
import { sortableIdFloor } from "../util/id";
import { pageOf, type CursorPage, type Page } from "../util/page";
import { localEpoch, noteListChanged } from "./epochs";
import { mergeAll, mergePage, type MergeSource } from "./merge";
import { decodeCursor, encodeCursor, MAX_SKIPPED_ROWS, PastSkipLimit } from "./cursor";
import type { RowPredicate } from "./filters";
import { exportQuery, listQuery, type PageSizes } from "./query";
import { haystackOf, needleOf, type SearchText } from "./search";
import { sortRows, type Comparator } from "./sorts";

/**
 * One admin collection (signatures, scam reports, a lead list, ...): search, filter, sort, pages and
 * exports over up to a few hundred thousand rows, from compact index rows (index-rows.ts) loaded
 * with parallel queries into a per-process cache that a cheap version check keeps fresh.
 * docs/data-model.md ("Admin collections") explains the design; a collection is a definition:
 *
 * - a **part** is a set of rows with its own version (signatures: one petition; reports: all of
 *   them); a **scope** is what a query asks for and covers one or more parts (all petitions).
 * - `version(part)` answers the part's row count and a revision that every change other than an
 *   addition increments (deletions, status changes). Same revision, higher count: only additions,
 *   and with time-sortable ids (`sortableId`) only the last minute's rows are loaded.
 */
export interface Version {
  count: number;
  revision: number;
}

/** An index row by its part and id. */
export interface RowRef {
  part: string;
  id: string;
}

export interface CollectionDef<Row extends { id: string }, S extends string, F extends z.ZodRawShape> {
  /** "signatures", "reports", "leads:checklist": names the caches and the local change counters */
  name: string;
  /** ascending comparators by sort key (ties by id: see sorts.ts) */
  sorts: { readonly [K in S]: Comparator<NoInfer<Row>> };
  /** usually `createdAt` by id (time-sortable): newest first is its descending order */
  defaultSort: NoInfer<S>;
  /** the collection's own query fields (zod, each optional): a scope selector and structured filters */
  filters: F;
  /** which scope a query asks for (`undefined`: every part) */
  scopeOf?: (q: z.output<z.ZodObject<F>>) => string | undefined;
  /** the filters' predicate; `undefined` when the query sets none */
  predicate?: (q: z.output<z.ZodObject<F>>) => RowPredicate<NoInfer<Row>> | undefined;
  /** the fields free-text search looks into (case-insensitive "contains") */
  searchText: SearchText<NoInfer<Row>>;
  /** the parts of a scope; answer synchronously when the scope names them (no I/O for the warm check) */
  parts: (scope: string | undefined) => readonly string[] | Promise<readonly string[]>;
  /** the index partitions of a part, queried in parallel */
  partitions: (part: string) => readonly string[];
  /** an index item's row from its part, sort key (the id) and packed `r`; the collection's row type is inferred from it */
  decode: (part: string, id: string, packed: string) => Row;
  /** the part's count and revision (strongly consistent); `undefined` when the part is gone */
  version: (part: string) => Promise<Version | undefined>;
  /** ids are sortable ids (util/id.ts): additions load incrementally. Default true. */
  timeSortedIds?: boolean;
  /**
   * The default sort is the order of the index rows' own sort key (time-sortable ids): its pages, in
   * either order, come straight from the table by a merge of the partitions (merge.ts), never from
   * rows in memory. `"index"` merges the scope's parts' index partitions; a function names another
   * source (e.g. a GSI spread over fewer partitions than every part's).
   */
  newestFirst?: "index" | ((scope: string | undefined) => MergeSource<NoInfer<Row>> | Promise<MergeSource<NoInfer<Row>>>);
  /**
   * Searches answered by key instead of from the rows in memory: exact, at once, at any size. A whole
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

/**
 * A search, filter or order its indexes do not serve yet would load more rows than a Lambda may hold
 * (ADMIN_MEMORY_ROW_LIMIT): refused with what still works, rather than running out of memory.
 */
export class TooManyRowsInMemory extends VisibleError {
  constructor(collection: string, limit: number) {
    super(
      413,
      "collection.too_large",
      `This list has more than ${limit.toLocaleString("en-US")} rows (${collection}): search it by a whole e-mail address, an id or a reference, or read it newest or oldest first; other searches and orders are not available at this size yet.`,
    );
  }
}

/** How long a process trusts its cached rows before re-checking the part's version. */
export const RECHECK_MS = 2000;
/** Searches (and filters) whose results are kept, so paging through one is a slice. */
const MAX_SEARCHES = 32;
/** Rows added since the newest loaded row, less this margin, are reloaded (a writer may commit an older id late). */
const INCREMENT_MARGIN_MS = 60_000;

const idTime = (id: string) => parseInt(id.slice(0, 9), 36) || 0;

interface PartRows<Row> {
  rows: Map<string, Row>;
  count: number;
  revision: number;
  checkedAt: number;
  epoch: number;
  /** changes whenever `rows` does; keys the sorted and searched caches */
  version: number;
  newestMs: number;
}

interface Scope<Row> {
  key: string;
  /** identifies the rows' content: cached orders are reused while it holds */
  version: string;
  parts: PartRows<Row>[];
}

/** A local change to a part's cached rows (see `patch`). */
export interface RowChange<Row> {
  put?: readonly Row[];
  remove?: readonly string[];
}

export function defineCollection<Row extends { id: string }, S extends string, F extends z.ZodRawShape>(def: CollectionDef<Row, S, F>) {
  const sortKeys = Object.keys(def.sorts) as S[];
  const ListQuery = listQuery(sortKeys as [S, ...S[]], def.defaultSort, def.filters, def.pageSizes);
  const ExportQuery = exportQuery(ListQuery);
  type ListInput = z.input<typeof ListQuery>;
  type ExportInput = z.input<typeof ExportQuery>;
  type FilterValues = z.output<z.ZodObject<F>>;
  /** What `query` needs: the filters and the order, no page. */
  type Selection = Partial<FilterValues> & { search: string; sort: S; order: "asc" | "desc" };

  const filterKeys = Object.keys(def.filters).sort();
  const haystack = haystackOf(def.searchText);
  const timeSorted = def.timeSortedIds ?? true;

  const cached = new Map<string, PartRows<Row>>();
  const refreshing = new Map<string, Promise<PartRows<Row> | undefined>>();
  /** the parts each scope had when last asked */
  const knownParts = new Map<string, readonly string[]>();
  const pendingParts = new Map<string, Promise<readonly string[]>>();
  const orders = new Map<string, { version: string; rows: Row[] }>();
  const searches = new Map<string, readonly Row[]>();
  let versions = 0;

  const scopeKey = (scope: string | undefined) => (scope === undefined ? "all" : `s:${scope}`);
  const scopeOf = (q: Partial<FilterValues>) => def.scopeOf?.(q as FilterValues);
  const predicateOf = (q: Partial<FilterValues>) => def.predicate?.(q as FilterValues);
  const filterKey = (q: Partial<FilterValues>) => JSON.stringify(filterKeys.map((k) => (q as Record<string, unknown>)[k] ?? null));

  /** A part's index rows, all of them or those created since `sinceMs`: one paginated query per partition, in parallel. */
  async function loadRows(part: string, sinceMs?: number): Promise<Row[]> {
    const limit = settings().ADMIN_MEMORY_ROW_LIMIT;
    let held = 0;
    const loaded = await Promise.all(
      def.partitions(part).map(async (partition) => {
        const rows: Row[] = [];
        let ExclusiveStartKey: Record<string, unknown> | undefined;
        do {
          // The low-level client: 100,000 items of two strings need no document unmarshalling.
          const res = await rawDb().send(
            new RawQueryCommand({
              TableName: table(),
              KeyConditionExpression: sinceMs === undefined ? "pk = :pk" : "pk = :pk AND sk >= :from",
              ExpressionAttributeValues: {
                ":pk": { S: partition },
                ...(sinceMs === undefined ? {} : { ":from": { S: sortableIdFloor(sinceMs) } }),
              },
              ProjectionExpression: "sk, r",
              ConsistentRead: true,
              ExclusiveStartKey: ExclusiveStartKey as RawQueryInput["ExclusiveStartKey"],
            }),
          );
          for (const item of res.Items ?? []) rows.push(def.decode(part, item.sk.S!, item.r.S!));
          held += res.Items?.length ?? 0;
          if (held > limit) throw new TooManyRowsInMemory(def.name, limit);
          ExclusiveStartKey = res.LastEvaluatedKey;
        } while (ExclusiveStartKey);
        return rows;
      }),
    );
    return loaded.flat();
  }

  function snapshot(rows: Map<string, Row>, v: Version, epoch: number): PartRows<Row> {
    let newestMs = 0;
    if (timeSorted) for (const id of rows.keys()) newestMs = Math.max(newestMs, idTime(id));
    return { rows, ...v, checkedAt: Date.now(), epoch, version: ++versions, newestMs };
  }

  async function refresh(part: string, previous: PartRows<Row> | undefined): Promise<PartRows<Row> | undefined> {
    const epoch = localEpoch(def.name, part);
    const v = await def.version(part);
    if (!v) {
      cached.delete(part);
      return undefined;
    }
    let next: PartRows<Row> | undefined;
    if (previous && previous.count === v.count && previous.revision === v.revision) {
      next = { ...previous, checkedAt: Date.now(), epoch };
    } else if (timeSorted && previous && previous.revision === v.revision && v.count > previous.count) {
      // Only rows were added: load the recent ones and keep the rest.
      const rows = new Map(previous.rows);
      for (const row of await loadRows(part, previous.newestMs - INCREMENT_MARGIN_MS)) rows.set(row.id, row);
      if (rows.size === v.count) next = snapshot(rows, v, epoch);
    }
    if (!next) {
      const rows = new Map<string, Row>();
      for (const row of await loadRows(part)) rows.set(row.id, row);
      next = snapshot(rows, v, epoch);
    }
    cached.set(part, next);
    return next;
  }

  /** The part's rows, re-checked against the table at most every RECHECK_MS (at once after a local write). */
  function fresh(part: string): Promise<PartRows<Row> | undefined> {
    const hit = cached.get(part);
    if (hit && Date.now() - hit.checkedAt < RECHECK_MS && hit.epoch === localEpoch(def.name, part)) return Promise.resolve(hit);
    let pending = refreshing.get(part);
    if (!pending) {
      pending = refresh(part, hit).finally(() => refreshing.delete(part));
      refreshing.set(part, pending);
    }
    return pending;
  }

  /** The scope's parts; one query in flight per scope (the warm check's is the next load's). */
  function partsOf(scope: string | undefined): readonly string[] | Promise<readonly string[]> {
    const key = scopeKey(scope);
    const pending = pendingParts.get(key);
    if (pending) return pending;
    const answer = def.parts(scope);
    if (Array.isArray(answer)) return answer;
    const asked = Promise.resolve(answer).finally(() => pendingParts.delete(key));
    pendingParts.set(key, asked);
    return asked;
  }

  async function load(scope: string | undefined): Promise<Scope<Row>> {
    const key = scopeKey(scope);
    const names = await partsOf(scope);
    knownParts.set(key, names);
    const parts = (await Promise.all(names.map(fresh))).filter((p): p is PartRows<Row> => !!p);
    return { key, version: parts.map((p) => p.version).join("."), parts };
  }

  /** Sorted orders per (scope, sort, order), each valid for one scope version; the opposite order is the reverse. */
  function ordered(s: Scope<Row>, sort: S, order: "asc" | "desc"): Row[] {
    const key = `${s.key}|${sort}|${order}`;
    const hit = orders.get(key);
    if (hit && hit.version === s.version) return hit.rows;
    const opposite = orders.get(`${s.key}|${sort}|${order === "asc" ? "desc" : "asc"}`);
    let rows: Row[];
    if (opposite && opposite.version === s.version) rows = [...opposite.rows].reverse();
    else {
      const all: Row[] = [];
      for (const p of s.parts) for (const row of p.rows.values()) all.push(row);
      rows = sortRows(all, def.sorts[sort], order);
    }
    orders.set(key, { version: s.version, rows });
    return rows;
  }

  function selected(s: Scope<Row>, q: Selection): readonly Row[] {
    const needle = needleOf(q.search);
    const test = predicateOf(q);
    const rows = ordered(s, q.sort, q.order);
    if (!needle && !test) return rows;
    const key = `${s.key}|${s.version}|${q.sort}|${q.order}|${filterKey(q)}|${needle}`;
    let hit = searches.get(key);
    if (!hit) {
      hit = rows.filter((r) => (!test || test(r)) && (!needle || haystack(r).includes(needle)));
      if (searches.size >= MAX_SEARCHES) searches.delete(searches.keys().next().value!);
      searches.set(key, hit);
    }
    return hit;
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
    return sortRows(rows, def.sorts[q.sort], q.order);
  }

  /** All rows matching the filters and search, in the asked order (from the cache, or by key for a search that names its rows). */
  async function query(q: Selection): Promise<readonly Row[]> {
    const refs = directRefs(q.search, scopeOf(q));
    if (refs) return directRows(await refs, q);
    return selected(await load(scopeOf(q)), q);
  }

  /** Whether this process already holds the rows of every part of the scope. */
  function warm(scope?: string): boolean {
    let names = knownParts.get(scopeKey(scope));
    if (!names) {
      const answer = partsOf(scope);
      if (Array.isArray(answer)) names = answer;
      else (answer as Promise<readonly string[]>).catch(() => undefined);
    }
    return names !== undefined && names.every((p) => cached.has(p));
  }

  /** The table source of the default order for a scope (see `newestFirst`). */
  async function tableSource(scope: string | undefined): Promise<MergeSource<Row>> {
    if (typeof def.newestFirst === "function") return def.newestFirst(scope);
    const names = await partsOf(scope);
    const partOf = new Map(names.flatMap((part) => def.partitions(part).map((pk) => [pk, part] as const)));
    return {
      partitions: [...partOf.keys()],
      consistent: true,
      projection: "pk, sk, r",
      decode: (item) => def.decode(partOf.get(String(item.pk))!, String(item.sk), String(item.r)),
    };
  }

  /** The scope's total: its parts' counts (counters kept with the writes). */
  async function total(scope: string | undefined): Promise<number> {
    const versions = await Promise.all((await partsOf(scope)).map((part) => def.version(part)));
    return versions.reduce((sum, v) => sum + (v?.count ?? 0), 0);
  }

  /**
   * A page of the default order from the table: the first (or page N, passing over the rows before
   * it), the one after a cursor (older, newest first), or the one before it (newer). `next` and `prev`
   * are the cursors of the pages around it (null at either end).
   */
  async function tablePage(q: Selection & { page: number; pageSize: number; after?: string; before?: string }): Promise<CursorPage<Row>> {
    const scope = scopeOf(q);
    const source = await tableSource(scope);
    const of = (key: string) => encodeCursor(q.sort, q.order, key);
    const opposite = q.order === "desc" ? "asc" : "desc";
    const after = q.after === undefined ? undefined : decodeCursor(q.after, q.sort, q.order);
    const before = q.before === undefined ? undefined : decodeCursor(q.before, q.sort, q.order);
    const count = total(scope);
    if (before !== undefined) {
      const newer = await mergePage(source, { order: opposite, limit: q.pageSize, after: before });
      // a full page before the cursor; a short one means the top is reached: the first page then
      if (newer.items.length === q.pageSize) {
        const items = newer.items.reverse();
        const keys = newer.keys.reverse();
        return { items, total: await count, page: Math.max(1, q.page), pageSize: q.pageSize, next: of(keys.at(-1)!), prev: newer.more ? of(keys[0]) : null };
      }
      const first = await mergePage(source, { order: q.order, limit: q.pageSize });
      return { items: first.items, total: await count, page: 1, pageSize: q.pageSize, next: first.more ? of(first.keys.at(-1)!) : null, prev: null };
    }
    const skip = after === undefined ? (q.page - 1) * q.pageSize : 0;
    if (skip > MAX_SKIPPED_ROWS) throw new PastSkipLimit();
    const page = await mergePage(source, { order: q.order, limit: q.pageSize, after, skip });
    const atTop = after === undefined && skip === 0;
    return {
      items: page.items,
      total: await count,
      page: q.page,
      pageSize: q.pageSize,
      next: page.more && page.keys.length ? of(page.keys.at(-1)!) : null,
      prev: atTop || !page.keys.length ? null : of(page.keys[0]),
    };
  }

  /** Whether a selection is the default order with no search or filter: read straight from the table. */
  const fromTable = (q: Selection) => !!def.newestFirst && q.sort === def.defaultSort && !needleOf(q.search) && !predicateOf(q);

  /**
   * Every row a query selects, a page at a time, with how many there are (for an export job's
   * progress). The default order streams from the table (memory: one page); other orders, searches
   * and filters come from the rows in memory, for now.
   */
  async function selection(input: ExportInput, pageSize = 1000): Promise<{ total: number; pages: AsyncGenerator<Row[]> }> {
    const q = ExportQuery.parse(input) as unknown as Selection;
    if (fromTable(q)) return { total: await total(scopeOf(q)), pages: mergeAll(await tableSource(scopeOf(q)), q.order, pageSize) };
    const rows = await query(q);
    async function* slices() {
      for (let i = 0; i < rows.length; i += pageSize) yield rows.slice(i, i + pageSize);
    }
    return { total: rows.length, pages: slices() };
  }

  /**
   * A list page. The default order with no search or filter comes from the table (`newestFirst`);
   * the rest, for now, from the rows in memory (docs/architecture.md "Admin lists at any size").
   */
  async function list(input: ListInput): Promise<Page<Row> | CursorPage<Row>> {
    const q = ListQuery.parse(input) as unknown as Selection & { page: number; pageSize: number; after?: string; before?: string };
    if (fromTable(q)) return tablePage(q);
    return pageOf(await query(q), q.page, q.pageSize);
  }

  /** Export pages: always from the index, so consecutive pages come from one consistent order. */
  async function exportPage(input: ExportInput): Promise<Page<Row>> {
    const q = ExportQuery.parse(input) as unknown as Selection & { page: number; pageSize: number };
    return pageOf(await query(q), q.page, q.pageSize);
  }

  /** Every row of a scope (default: all), in the default sort, newest first unless asked otherwise. */
  async function allRows(scope?: string, sort: S = def.defaultSort, order: "asc" | "desc" = "desc"): Promise<Row[]> {
    return [...ordered(await load(scope), sort, order)];
  }

  function describe(q: Partial<FilterValues> & { search: string }): string {
    if (def.describe) return def.describe(q as FilterValues & { search: string });
    const scope = scopeOf(q);
    const filters = filterKeys
      .map((k) => [k, (q as Record<string, unknown>)[k]] as const)
      .filter(([, v]) => v !== undefined && v !== null && v !== "" && v !== scope)
      .map(([k, v]) => `${k}=${String(v)}`);
    return (scope ?? `all ${def.name}`) + (q.search ? ` (search "${q.search}")` : "") + (filters.length ? ` (${filters.join(", ")})` : "");
  }

  /**
   * Applies a write this process just made to its cached rows without a reload: `revision` is the
   * part's revision after the write (e.g. `ReturnValues: "UPDATED_NEW"` of the `ADD revision :one`).
   * Only when it follows the cached revision directly (no other change came in between) is the change
   * applied; otherwise the part is re-checked on its next read. Additions need no patch: they load
   * incrementally.
   */
  function patch(part: string, change: RowChange<Row>, revision?: number): void {
    const hit = cached.get(part);
    if (!hit || revision === undefined || revision !== hit.revision + 1) {
      noteListChanged(def.name, part);
      return;
    }
    const rows = new Map(hit.rows);
    for (const id of change.remove ?? []) rows.delete(id);
    for (const row of change.put ?? []) rows.set(row.id, row);
    cached.set(part, { ...snapshot(rows, { count: hit.count + rows.size - hit.rows.size, revision }, hit.epoch), checkedAt: hit.checkedAt });
  }

  /** For tests: forget every cached row. */
  function resetCache(): void {
    cached.clear();
    knownParts.clear();
    orders.clear();
    searches.clear();
  }

  return {
    name: def.name,
    ListQuery,
    ExportQuery,
    sorts: sortKeys,
    comparator: (sort: S): Comparator<Row> => def.sorts[sort],
    haystack,
    list,
    exportPage,
    selection,
    query,
    allRows,
    warm,
    describe,
    patch,
    /** A write to the part by this process: its cache re-checks on the next read. */
    noteListChanged: (part: string) => noteListChanged(def.name, part),
    resetCache,
  };
}

export type AdminCollection<Row extends { id: string }, S extends string, F extends z.ZodRawShape> = ReturnType<typeof defineCollection<Row, S, F>>;
