import type { z } from "zod";
import { kindActionOf } from "../audit";
import type { IndexedOrder, SearchKey } from "../collection/orders";
import { Keys } from "../db/keys";
import { rowsOf, type Exportable } from "../exports/exportable";
import { csvFormat, jsonFormat } from "../exports/formats";
import type { KindName, PersonalRecordKind } from "../policy/personal-record";
import { Sheets } from "../sheets";
import { kindTab } from "../sheets/kind-tab";
import { cellsOf } from "../sheets/tab-sync";
import { idTime, isSortableId } from "../util/id";
import { parse } from "../util/zod";
import { RecordNotFound } from "./errors";
import type { AdminRecords, KindConsole, KindDefinition, KindSchema, Made, RegisteredKind, RowOf, StoredOf } from "./definition";
import { columnsOf } from "./columns";
import { kindListing } from "./listing";
import { kindRetention } from "./retention";
import { kindStore, type CreateOptions } from "./store";

export type { KindDefinition } from "./definition";

/** A record's name: a word in lower camel case (it is part of keys, audit actions and paths). */
const NAME = /^[a-z][a-zA-Z0-9]{0,39}$/;
/** A list's name: lower case words and dashes (a file name, a job kind, a tab id). */
const PLURAL = /^[a-z][a-z0-9-]{0,39}$/;

/**
 * A kind of personal record from its one definition (definition.ts; docs/architecture.md "Adding a
 * kind"): its storage (store.ts: one transaction writes the record, its person-index keys, its admin
 * row and a count), its administrators' list (listing.ts), its spreadsheet tab and sync job, its
 * exports, its audit actions (`<plural>.exported`, `<plural>.synced`, `<name>.deleted`), its retention
 * (retention.ts) and the registry entry that erasure, /my-data, the retention job and the sheet jobs
 * loop over. `privacy/kinds.ts` `registerKind(kind)` makes it served.
 */
export function defineKind<
  S extends KindSchema,
  K extends keyof z.output<S> & string,
  O extends Record<string, IndexedOrder<RowOf<S, K>>> = Record<never, IndexedOrder<RowOf<S, K>>>,
  SK extends Record<string, SearchKey<RowOf<S, K>>> = Record<never, SearchKey<RowOf<S, K>>>,
>(def: KindDefinition<S, K, O, SK>) {
  type Stored = StoredOf<S>;
  type Row = RowOf<S, K>;
  if (!NAME.test(def.name)) throw new Error(`a kind's name is a word in lower camel case, not ${JSON.stringify(def.name)}`);
  if (!PLURAL.test(def.plural)) throw new Error(`a kind's plural is lower case words and dashes, not ${JSON.stringify(def.plural)}`);
  const name = def.name as KindName;
  const { plural, label } = def;
  const actions = { exported: kindActionOf(plural, "exported"), synced: kindActionOf(plural, "synced"), deleted: kindActionOf(name, "deleted") };

  const fields = ["createdAt", ...def.admin.fields] as (keyof Row & string)[];
  const listing = kindListing(name, plural, def.admin, fields);
  const { collection } = listing;
  const store = kindStore<Stored>(name, (record) => listing.index.indexItem(record), listing.indexKey);

  const { header, cells } = columnsOf(def.columns);
  const rows = async () => cellsOf(await collection.selection({}), cells);
  // read from the index rows, consistently: a sync right after a write sees it
  const sheet =
    def.sheet &&
    kindTab({
      id: plural,
      tab: def.sheet.tab,
      header,
      rows,
      settleMs: 0,
      job: { kind: `sheets.${plural}`, audit: { action: actions.synced, target: `all ${plural}` } },
    });
  const tabs = sheet ? [plural] : [];

  const formats = { csv: () => csvFormat(header, cells), json: () => jsonFormat<Row>() };
  const exports = (def.exports ?? ["csv"]).map((format) => ({
    name: format === "csv" ? plural : `${plural}-${format}`,
    // a registry holds every export's rows as unknown, as exports/registry.ts the product's
    kind: rowsOf(collection, actions.exported, formats[format]()) as unknown as Exportable,
  }));

  const removed = async (id: string | undefined) => (id !== undefined && isSortableId(id) && (await store.remove(id)) ? { tabs } : undefined);
  const record: RegisteredKind["record"] = {
    kind: name,
    label: label.one,
    counted: name,
    labels: label,
    erasure: def.personalData.erasure,
    madeAt: (key) => idTime(Keys.kindRecordOf(name, key)),
    remove: (key) => removed(Keys.kindRecordOf(name, key)),
    describe: async (items) => items.map((item) => def.personalData.describe(store.recordOf(item))),
    retention: {
      rule: "deleted",
      after: def.personalData.retention.after,
      run: kindRetention({
        name,
        counted: label.many,
        years: def.personalData.retention.years,
        layout: listing.index.layout,
        key: store.key,
        countUpdate: store.countUpdate,
        count: listing.count,
        tabs,
      }),
    },
    collection,
    sheetTabs: sheet ? [sheet.entry] : [],
  } satisfies PersonalRecordKind;
  const admin: AdminRecords = {
    name,
    console: kindConsole(
      def,
      {
        fields: def.admin.fields,
        orders: Object.keys(listing.index.ORDERS).filter((sort) => sort !== "createdAt"),
        searchable: (def.admin.search ?? []).length > 0,
        labels: def.admin.labels,
      },
      exports,
    ),
    collection,
    remove: async (id) => (await removed(id)) ?? Promise.reject(new RecordNotFound(label.one)),
    deleted: actions.deleted,
  };

  return {
    name,
    plural,
    label,
    actions,
    /** Parses `input` with the kind's schema (a 400 with field messages), stores the record, and asks for its tab to be rewritten soon. */
    async create(input: z.input<S>, opts?: CreateOptions): Promise<Stored> {
      const made = await store.create(parse(def.schema, input) as Omit<Stored, keyof Made>, opts);
      if (tabs.length) await Sheets.resyncSoon(tabs);
      return made;
    },
    find: store.find,
    /** Deletes one record by id; false when there was none. */
    remove: store.remove,
    key: store.key,
    collection,
    count: listing.count,
    /** its tab's syncs (`now`, `soon`) and the administrator's sync job, if it has a tab */
    sheet,
    exports,
    /** what `registerKind` takes */
    registered: { record, exports, admin } satisfies RegisteredKind,
  };
}

export type DefinedKind = ReturnType<typeof defineKind>;

/** "fullName" → "Full Name". */
const spaced = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/^./, (c) => c.toUpperCase());

/** The console's view of a kind (definition.ts `KindConsole`), from its definition's words, fields and orders. */
function kindConsole(
  def: Pick<KindDefinition<KindSchema, never, never, never>, "name" | "plural" | "label">,
  admin: { fields: readonly string[]; orders: readonly string[]; searchable: boolean; labels?: Partial<Record<string, string>> },
  exports: readonly { name: string }[],
): KindConsole {
  const labels: Partial<Record<string, string>> = { createdAt: "Received", ...admin.labels };
  const label = (field: string) => labels[field] ?? spaced(field);
  return {
    name: def.name,
    plural: def.plural,
    label: def.label,
    fields: ["createdAt", ...admin.fields].map((field) => ({ field, header: label(field) })),
    sorts: ["createdAt", ...admin.orders].map((sort) => ({ sort, label: label(sort) })),
    searchable: admin.searchable,
    csvExport: exports.find((e) => e.name === def.plural)?.name,
  };
}
