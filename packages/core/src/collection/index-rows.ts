import { fnv1a } from "../db/keys";
import type { StoredRows } from "./def";

/**
 * The compact index rows of an admin collection: one item per record, written with the record (in
 * its transaction) and deleted with it. pk = one of `buckets` partitions of the record's part (so a
 * part loads with that many parallel queries), sk = the row id, and every other field of the row
 * packed into one JSON array `r`, so an item is a few hundred bytes and a 1 MB query page carries
 * thousands of rows. Pure: no I/O here.
 */
export interface IndexLayoutOptions {
  /** the items' `type` */
  type: string;
  buckets: number;
  /** the partition key of a part's bucket; built in db/keys.ts */
  partition: (part: string, bucket: number) => string;
}

export interface IndexLayout extends IndexLayoutOptions {
  /** FNV-1a of the id, mod `buckets`: stable, and even over random id suffixes. */
  bucketOf(id: string): number;
  key(part: string, id: string): { pk: string; sk: string };
  /** every partition of a part, for the parallel load */
  partitions(part: string): string[];
  /** the item to Put: its key, its type and the packed row */
  item(part: string, id: string, packed: string): { pk: string; sk: string; type: string; r: string };
}

export function indexLayout(options: IndexLayoutOptions): IndexLayout {
  const bucketOf = (id: string) => fnv1a(id) % options.buckets;
  const key = (part: string, id: string) => ({ pk: options.partition(part, bucketOf(id)), sk: id });
  return {
    ...options,
    bucketOf,
    key,
    partitions: (part) => Array.from({ length: options.buckets }, (_, bucket) => options.partition(part, bucket)),
    item: (part, id, packed) => ({ ...key(part, id), type: options.type, r: packed }),
  };
}

/** A JSON scalar a packed row may hold. */
type Packable = string | number | boolean;

export interface PackedCodec<Row> {
  encode(row: Row): string;
  decode(part: string, id: string, packed: string): Row;
}

/**
 * Packs `fields` of a row, in order, into a JSON array; the fields that come from the key (the id,
 * and e.g. the petition id of a signature's part) are given back by `fromKey`. Missing values are
 * stored as "" and read back as "", so adding a field at the end keeps old items readable.
 */
export function packedCodec<Row extends object, K extends keyof Row & string>(
  fields: readonly K[],
  fromKey: (part: string, id: string) => Omit<Row, K>,
): PackedCodec<Row> {
  return {
    encode: (row) => JSON.stringify(fields.map((f) => (row[f] as Packable | null | undefined) ?? "")),
    decode(part, id, packed) {
      const values = JSON.parse(packed) as Packable[];
      const row = fromKey(part, id) as Record<string, unknown>;
      for (let i = 0; i < fields.length; i++) row[fields[i]] = values[i] ?? "";
      return row as Row;
    },
  };
}

/** A kind's index rows as its collection reads them (defineCollection): the parts a scope names, their `layout` partitions, the rows `decode` reads. */
export const storedRows = <Row>(layout: IndexLayout, decode: PackedCodec<Row>["decode"], parts: StoredRows<Row>["parts"]): StoredRows<Row> => ({
  parts,
  partitions: layout.partitions,
  decode,
});
