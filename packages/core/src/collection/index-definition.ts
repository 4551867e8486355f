import { indexLayout, packedCodec } from "./index-rows";
import { nameIndex, searchAttributes, type NameKey } from "./name-index";
import { checkSlots, orderAttributes, type IndexedOrder, type SearchKey } from "./orders";

/**
 * A kind's admin index declared in one place (signatures, reports, lead lists, subscribers, deletion
 * requests): its index rows' layout and packed codec (index-rows.ts), its sort orders and search-only
 * keys (orders.ts), its name search (name-index.ts), and the item a record writes with them all.
 * Pure: no I/O here.
 */

/** The part of a kind whose rows are not split into parts (reports, subscribers, deletion requests). */
export const ONE_PART = "all";

/**
 * Where a kind's index rows are (db/keys.ts): per part, the part being a field of the row (a
 * signature's petition, a submission's form), or all in ONE_PART.
 */
export type IndexParts<Row> = PartsByField<Row> | OnePart;
interface PartsByField<Row> {
  field: keyof Row & string;
  partition: (part: string, bucket: number) => string;
  searchPart: (part: string) => string;
}
interface OnePart {
  field?: undefined;
  partition: (bucket: number) => string;
  searchPart: string;
}

/** Every kind's parts alike: the part of a row, and the fields its key gives a decoded row. */
function partsOf<Row>(parts: IndexParts<Row>) {
  if (parts.field === undefined) {
    const one = parts as OnePart;
    return {
      partition: (_part: string, bucket: number) => one.partition(bucket),
      searchPart: () => one.searchPart,
      partOf: (_row: Row) => ONE_PART,
      keyFields: (_part: string) => ({}),
    };
  }
  const { field, partition, searchPart } = parts as PartsByField<Row>;
  return { partition, searchPart, partOf: (row: Row) => String(row[field]), keyFields: (part: string) => ({ [field]: part }) };
}

export interface IndexDefinition<
  Row extends { id: string },
  K extends keyof Row & string,
  O extends Record<string, IndexedOrder<Row>>,
  SK extends Record<string, SearchKey<Row>>,
  Source,
> {
  /** "signatures", "reports", "leads": names the collection in errors and audit targets */
  collection: string;
  /** the index items' `type` */
  type: string;
  buckets: number;
  parts: IndexParts<Row>;
  /**
   * The fields packed into `r`, in their stored order (grouped only for reading): the id and the
   * part come from the key. Append only: rows written before a field decode it as "".
   */
  fields: readonly (readonly K[])[];
  /** the list's sort orders, each with its slot (orders.ts) */
  orders: O;
  /** keys a name search matches that sort nothing, each with a slot of its own */
  searchKeys?: SK;
  /** what a name search matches from the start, in its search slots' order (name-index.ts) */
  nameSearch: (keys: O & SK) => readonly NameKey<Row>[];
  /** the row a record is listed as */
  toRow: (record: Source) => Row;
  /** what a decoded row needs beyond its packed values */
  fromStored?: (row: Row) => Row;
  /** attributes a record's index item carries beside its row (a TTL, a marker) */
  extra?: (record: Source) => Record<string, unknown>;
}

export function defineIndex<
  Row extends { id: string },
  K extends keyof Row & string,
  O extends Record<string, IndexedOrder<Row>>,
  Source,
  SK extends Record<string, SearchKey<Row>> = Record<never, SearchKey<Row>>,
>(def: IndexDefinition<Row, K, O, SK, Source>) {
  const keys = { ...def.orders, ...def.searchKeys } as O & SK;
  checkSlots(def.collection, keys);
  const { partition, searchPart, partOf, keyFields } = partsOf(def.parts);

  const layout = indexLayout({ type: def.type, buckets: def.buckets, partition });
  const codec = packedCodec<Row, K>(def.fields.flat(), (part, id) => ({ id, ...keyFields(part) }) as unknown as Omit<Row, K>);
  const NAME_SEARCH = nameIndex(searchPart, def.nameSearch(keys));
  const { fromStored } = def;

  /** The index item of a row: its key, type and packed row, its order keys and its search entries. */
  const rowItem = (row: Row) => ({
    ...layout.item(partOf(row), row.id, codec.encode(row)),
    ...orderAttributes(keys, row),
    ...searchAttributes(NAME_SEARCH, partOf(row), row),
  });

  return {
    COLLECTION: def.collection,
    layout,
    ORDERS: def.orders,
    NAME_SEARCH,
    encodeRow: codec.encode,
    decodeRow: fromStored ? (part: string, id: string, packed: string) => fromStored(codec.decode(part, id, packed)) : codec.decode,
    rowItem,
    indexItem: (record: Source) => ({ ...rowItem(def.toRow(record)), ...def.extra?.(record) }),
  };
}
