import { orderAttribute, type OrderSlot } from "../db/indexes";
import type { Comparator } from "./sorts";

/**
 * How an admin list's sort orders are read from the table (docs/architecture.md "Admin lists at any
 * size"). An order is a string key per row, compared as DynamoDB compares sort keys (code units):
 * the id order is the index rows' own sort key (ids are time-sortable); every other order has a slot
 * of its own (`o1` … `o9`, written on the index row), which a global index (`byO1` … `byO9`, db/
 * indexes.ts) sorts within the row's own partition. A key is the row's normalised value, a separator
 * below every printable character, then the id: unique, and ties keep creation order. Pure.
 */
export interface IndexedOrder<Row> {
  /** the slot the key is written to; none for the id order (the index rows' sort key itself) and the part order */
  slot?: OrderSlot;
  key: (row: Row) => string;
  /** the part order: each part's rows in id order, the parts one after another (`partOrder`) */
  byPart?: true;
}

/** An order with a slot of its own (every order but the id's). */
export type SlottedOrder<Row> = IndexedOrder<Row> & { slot: OrderSlot };

type Identified = { id: string };

/** Below every printable character: "ana" sorts before "ana b", and both before "anab". */
export const SEPARATOR = "\u0001";
/** DynamoDB sort keys hold 1,024 bytes; a value longer than this orders by its beginning. */
const MAX_VALUE_LENGTH = 200;
/**
 * People's text as its order compares it and a name search matches it: accents and case ignored,
 * white space collapsed, control characters dropped. Digits and punctuation compare by code point
 * ("Unit 10" before "Unit 2"): padding numbers would break matching a name or an address by its start.
 */
export function foldText(value: string): string {
  return value
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, MAX_VALUE_LENGTH);
}

const clip = (value: string) => value.replace(/[\u0000-\u001f\u007f]/g, "").slice(0, MAX_VALUE_LENGTH);

/** The id order: the index rows' own sort key (time-sortable ids, so creation order). */
export const idOrder = <Row extends Identified>(): IndexedOrder<Row> => ({ key: (row) => row.id });

/**
 * The rows of one part after another (signatures by petition), each part's in id order: read from
 * the index rows' own partitions, which each hold one part's rows in id order (merge.ts merges them by
 * part, then id), so it needs no slot and writes no index entry. The key is the part, the separator
 * and the id: as a slotted order of the part would compare them.
 */
export const partOrder = <Row extends Identified>(part: (row: Row) => string): IndexedOrder<Row> => ({
  byPart: true,
  key: (row) => clip(part(row) ?? "") + SEPARATOR + row.id,
});

/** Names, e-mails, company names: see `foldText`. */
export const textOrder = <Row extends Identified>(slot: OrderSlot, value: (row: Row) => string): SlottedOrder<Row> => ({
  slot,
  key: (row) => foldText(value(row) ?? "") + SEPARATOR + row.id,
});

/** ISO dates and times, enumerations: as written. */
export const valueOrder = <Row extends Identified>(slot: OrderSlot, value: (row: Row) => string): SlottedOrder<Row> => ({
  slot,
  key: (row) => clip(value(row) ?? "") + SEPARATOR + row.id,
});

/**
 * Amounts: non-negative numbers in cents, fixed width; a missing amount (`undefined`, or negative)
 * sorts below every amount.
 */
export const amountOrder = <Row extends Identified>(slot: OrderSlot, value: (row: Row) => number | null | undefined): SlottedOrder<Row> => ({
  slot,
  key: (row) => {
    const n = value(row);
    const digits = n === null || n === undefined || !(n >= 0) ? "0" : "1" + String(Math.round(n * 100)).padStart(17, "0");
    return digits + SEPARATOR + row.id;
  },
});

export type IndexedOrders<Row, S extends string> = { readonly [K in S]: IndexedOrder<Row> };

/**
 * A key a name search matches by its start (define.ts): a text order's slot, or a slot of its own
 * whose key may be absent (sparse: nothing written to that index).
 */
export interface SearchKey<Row> {
  slot: OrderSlot;
  key: (row: Row) => string | undefined;
}

/**
 * A name from its last word ("Mary Ann Smith" → "smith mary ann"), so a search matches the start of
 * the first word (the name's own order) and of the last; a one-word name writes nothing.
 */
export const lastWordKey = <Row extends Identified>(slot: OrderSlot, value: (row: Row) => string): SearchKey<Row> => ({
  slot,
  key: (row) => {
    const words = foldText(value(row) ?? "").split(" ");
    return words.length < 2 ? undefined : [words.at(-1), ...words.slice(0, -1)].join(" ") + SEPARATOR + row.id;
  },
});

/**
 * The key condition of "the sort key starts with `prefix`" as a range: `#o BETWEEN :from AND :to`,
 * `:to` the prefix followed by the highest code point, so every key starting with the prefix falls
 * inside (keys are compared as UTF-8 bytes). Real DynamoDB answers this and `begins_with` alike;
 * DynamoDB Local walks a whole partition for `begins_with` (3× slower at 31,000 rows a partition).
 * The partition is `pk` (an order index) or another attribute (a search index, name-index.ts).
 */
export function prefixRange(attribute: string, prefix: string, partitionAttribute = "pk") {
  const partition = partitionAttribute === "pk" ? {} : { "#p": partitionAttribute };
  return {
    KeyConditionExpression: `${partitionAttribute === "pk" ? "pk" : "#p"} = :pk AND #o BETWEEN :from AND :to`,
    ExpressionAttributeNames: { "#o": attribute, ...partition } as Record<string, string>,
    values: { ":from": prefix, ":to": `${prefix}\u{10FFFF}` },
  };
}

/** The value a search key holds for a row (its text before the id), or undefined. */
export const searchValueOf = <Row>(key: SearchKey<Row>, row: Row): string | undefined => key.key(row)?.split(SEPARATOR)[0];

/** The order and search attributes an index row carries (`o1`: its key in slot 1, ...). */
export function orderAttributes<Row>(keys: Record<string, { slot?: OrderSlot; key: (row: Row) => string | undefined }>, row: Row): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const order of Object.values(keys)) {
    const value = order.slot === undefined ? undefined : order.key(row);
    if (value !== undefined) attributes[orderAttribute(order.slot!)] = value;
  }
  return attributes;
}

/** The ascending comparator of an order: the table's, for rows read by key (a search that names them). */
export function comparatorOf<Row>(order: IndexedOrder<Row>): Comparator<Row> {
  return (a, b) => {
    const x = order.key(a);
    const y = order.key(b);
    return x < y ? -1 : x > y ? 1 : 0;
  };
}

/** Each slot is given to one order only. */
export function checkSlots(name: string, orders: Record<string, { slot?: OrderSlot }>): void {
  const seen = new Map<number, string>();
  for (const [sort, order] of Object.entries(orders)) {
    if (order.slot === undefined) continue;
    const other = seen.get(order.slot);
    if (other) throw new Error(`${name}: orders ${other} and ${sort} share slot ${order.slot}`);
    seen.set(order.slot, sort);
  }
}
