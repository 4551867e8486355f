import type { z } from "zod";
import type { KindAction } from "../audit";
import type { IndexedOrder, SearchKey } from "../collection/orders";
import type { OrderSlot } from "../db/indexes";
import type { Exportable } from "../exports/exportable";
import type { KindName, PersonalRecordKind } from "../policy/personal-record";
import type { Page } from "../util/page";

/**
 * A kind of personal record declared in one definition (define.ts `defineKind`), and what the
 * registry (privacy/kinds.ts `registerKind`) takes of it. Types only.
 */

/** What a record of a kind holds beside its schema's fields: a sortable id and when it was made (ISO UTC). */
export interface Made {
  id: string;
  createdAt: string;
}

/** A kind's schema: an object whose output holds the person's address. */
export type KindSchema = z.ZodType<{ email: string }>;

/** A record as stored and read: its schema's output, its id and time. */
export type StoredOf<S extends KindSchema> = z.output<S> & Made;

/** The admin list's row: the fields the definition lists, with the id and time. */
export type RowOf<S extends KindSchema, K extends keyof z.output<S>> = Pick<z.output<S>, K> & Made;

/** The sort orders and search keys a definition may give its list (collection/orders.ts), typed by its row. */
export interface OrderKit<Row> {
  /** newest first by a sortable id: the index rows' own sort key (no slot) */
  id(): IndexedOrder<Row>;
  /** names, e-mails: accents and case ignored */
  text(slot: OrderSlot, value: (row: Row) => string): IndexedOrder<Row> & { slot: OrderSlot };
  /** ISO dates and times, enumerations: as written */
  value(slot: OrderSlot, value: (row: Row) => string): IndexedOrder<Row> & { slot: OrderSlot };
  /** amounts of money: none sorts below $0 */
  amount(slot: OrderSlot, value: (row: Row) => number | null | undefined): IndexedOrder<Row> & { slot: OrderSlot };
  /** the rows by their part (a signature's petition), each part's by id: the index rows' own partitions, no slot */
  part(value: (row: Row) => string): IndexedOrder<Row>;
  /** search only: a name from its last word */
  lastWord(slot: OrderSlot, value: (row: Row) => string): SearchKey<Row>;
}

/** A column of the spreadsheet tab and of the CSV export: its header and its cell. */
export type Column<Row> = readonly [header: string, cell: (row: Row) => unknown];

/** A kind's words: its names in keys, routes and files, and what people call it. */
export interface KindWords {
  /** one record's name (lower camel case): the person index's kind, `<name>.deleted`, the admin routes' `{kind}` */
  name: string;
  /** the list's, the export's and the tab's id (lower case, dashes): `<plural>.exported`, `<plural>.synced` */
  plural: string;
  /** what people call one and several: /my-data, the completion e-mail, the console */
  label: { one: string; many: string };
}

/** A kind's administrators' list: the row's fields, its sort orders and its name search. */
export interface KindAdmin<
  Row extends { id: string },
  K extends keyof Row & string,
  O extends Record<string, IndexedOrder<Row>>,
  SK extends Record<string, SearchKey<Row>>,
> {
  /** the row's fields beside its id (and, for defineKind's kinds, its time), in their stored order: append only */
  fields: readonly K[];
  /**
   * its sort orders (slots 1 to 9, each once): a product kind names the id's `createdAt: o.id()`
   * (newest first) when its ids are sortable; defineKind adds that one itself
   */
  orders?: (o: OrderKit<Row>) => O;
  /** keys a name search matches that sort nothing */
  searchKeys?: (o: OrderKit<Row>) => SK;
  /** the orders and keys a search matches from their start (at most six) */
  search?: readonly (keyof O | keyof SK)[];
  /**
   * orders a search matches through their order index's buckets, with no search entry of their own
   * (collection/name-index.ts `orderOnlyKey`): for a field searched far less often than rows are written
   */
  searchByOrder?: readonly (keyof O)[];
  /** the console's names of fields and orders where the field's own name, spaced, would not do ("alertSlug": "Alert") */
  labels?: Partial<Record<K | "createdAt", string>>;
}

/** What privacy asks of a kind (docs/architecture.md "Privacy"), about records stored as `Stored`. */
export interface KindPersonalData<Stored> {
  erasure: "with the person";
  /** deleted this long after it was made; `after` names the constant, as the privacy policy says it */
  retention: { years: number; after: string };
  /** one line for /my-data */
  describe: (record: Stored) => string;
}

/**
 * A kind's list declared: its words, its admin list and its columns. Pure data, so the browser may
 * import it. A kind whose personal-data rules fit `KindPersonalData` declares them too
 * (`KindDeclaration`); the signature's (anonymised, described with its petition's title) stay in
 * its registry entry (signature/record-kind.ts).
 */
export interface KindListDeclaration<
  Row extends { id: string },
  K extends keyof Row & string,
  O extends Record<string, IndexedOrder<Row>>,
  SK extends Record<string, SearchKey<Row>>,
  Source = Row,
> extends KindWords {
  admin: KindAdmin<Row, K, O, SK>;
  /** the spreadsheet tab's and the CSV export's columns, in order, of its row (or of the whole record, `Source`) */
  columns: readonly Column<Source>[];
}

/**
 * A kind's declaration: its list, and its personal-data rules. defineKind's kinds hold it in their
 * definition; the product's kinds with storage of their own declare it in `<kind>/record.ts`
 * (lead/record.ts) and derive their admin index (declared-index.ts `declaredIndex`), columns (`columnsOf`)
 * and registry entry's words (entry.ts `declaredEntry`) from it the same way.
 */
export interface KindDeclaration<
  Row extends Made,
  K extends keyof Row & string,
  O extends Record<string, IndexedOrder<Row>>,
  SK extends Record<string, SearchKey<Row>>,
  Stored,
  Source = Row,
> extends KindListDeclaration<Row, K, O, SK, Source> {
  personalData: KindPersonalData<Stored>;
}

/** A kind declared and stored in one definition (define.ts `defineKind`): its declaration, its schema, its tab and exports. */
export interface KindDefinition<
  S extends KindSchema,
  K extends keyof z.output<S> & string,
  O extends Record<string, IndexedOrder<RowOf<S, K>>>,
  SK extends Record<string, SearchKey<RowOf<S, K>>>,
> extends KindDeclaration<RowOf<S, K>, K & keyof RowOf<S, K>, O, SK, StoredOf<S>> {
  /** the record's fields (the kind adds its id and time): what it stores, and the type it is read as */
  schema: S;
  /** its spreadsheet tab, if it has one */
  sheet?: { tab: string };
  /** its export formats (default CSV): `<plural>` is the CSV, `<plural>-json` the JSON */
  exports?: readonly ("csv" | "json")[];
}

/**
 * How the console shows a registered kind's list (`GET /api/admin/records`): its words, the row's
 * fields with their headers, its sort orders and its CSV export. Data only, so the browser draws
 * any kind without code of its own.
 */
export interface KindConsole {
  /** the routes' `{kind}` */
  name: string;
  /** the console's path segment and the export file's name */
  plural: string;
  label: { one: string; many: string };
  /** the row's fields, `createdAt` first, with their headers */
  fields: readonly { field: string; header: string }[];
  /** the list's orders (the API's `sort`), newest first (`createdAt`) first */
  sorts: readonly { sort: string; label: string }[];
  /** whether the list takes a name search */
  searchable: boolean;
  /** the export job's kind for "Export as CSV", if it has one */
  csvExport?: string;
}

/** What the generic admin routes serve of a registered kind (`/api/admin/records/{kind}`). */
export interface AdminRecords {
  name: KindName;
  console: KindConsole;
  collection: { ListQuery: z.ZodType; list(query: unknown): Promise<Page<unknown>> };
  /** removes one by id: the spreadsheet tabs that showed it; a RecordNotFound (404) when there is none */
  remove: (id: string) => Promise<{ tabs: string[] }>;
  /** `<name>.deleted` */
  deleted: KindAction;
}

/** What the registry takes of a kind: its entry, its exports and its admin routes' part. */
export interface RegisteredKind {
  record: PersonalRecordKind & { kind: KindName };
  exports: readonly { name: string; kind: Exportable }[];
  admin: AdminRecords;
}
