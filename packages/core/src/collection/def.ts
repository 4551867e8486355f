import type { z } from "zod";
import type { RecordKind } from "../db/person-index";
import type { RowPredicate } from "./filters";
import type { MergeSource } from "./merge";
import type { NameIndex } from "./name-index";
import type { IndexedOrders } from "./orders";
import type { PageSizes } from "./query";

/**
 * What a kind tells defineCollection (define.ts) of its admin list (signatures, scam reports, a lead
 * list, ...). Types only.
 *
 * - a **part** is a set of index rows with its own count (signatures: one petition; reports: all of
 *   them); a **scope** is what a query asks for and covers one or more parts (all petitions).
 * - Orders (orders.ts): the id order is the index rows' own sort key, the part order the same
 *   partitions merged part by part, every other a global index over the same partitions.
 * - Searches: a whole e-mail address, an id or a reference is read by key (`direct`); anything else
 *   matches the start of the words of the collection's name keys (`nameSearch`).
 */

/** An index row by its part and id. */
export interface RowRef {
  part: string;
  id: string;
}

/**
 * The rows a search names by id or reference: known from the search itself, or read by a lookup
 * (e.g. a reference's guard item) that runs only when the search is served.
 */
export type NamedRows = readonly RowRef[] | (() => Promise<RowRef[]>);

/** How a whole e-mail address finds its rows through the person index (db/person-index.ts). */
export interface PersonRows {
  kind: RecordKind;
  /** the index rows of a record the person index found: several candidates when the key does not tell the part */
  rowsOf: (record: { pk: string; sk: string }) => RowRef[];
}

/** Where a kind's index rows are stored and how they read: what every source of the collection reads. */
export interface StoredRows<Row> {
  /** the parts of a scope; answer synchronously when the scope names them (no I/O) */
  parts: (scope: string | undefined) => readonly string[] | Promise<readonly string[]>;
  /** the index partitions of a part, merged in parallel */
  partitions: (part: string) => readonly string[];
  /** an index item's row from its part, sort key (the id) and packed `r`; the collection's row type is inferred from it */
  decode: (part: string, id: string, packed: string) => Row;
}

export interface CollectionDef<Row extends { id: string }, S extends string, F extends z.ZodRawShape> extends StoredRows<Row> {
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
   * Searches answered by key: exact, at once, at any size. A whole e-mail address goes through the
   * person index (`person`); `named` answers the rows a search names by id or reference number, or
   * undefined when it names none (decided from the search alone, no I/O). `indexKey` is where an
   * index row is stored.
   */
  direct?: {
    indexKey: (part: string, id: string) => { pk: string; sk: string };
    person?: PersonRows;
    named?: (needle: string, scope: string | undefined) => NamedRows | undefined;
  };
  /** the audit target of a query (exports); by default the scope, the search and the filters */
  describe?: (q: z.output<z.ZodObject<F>> & { search: string }) => string;
  pageSizes?: PageSizes;
}
