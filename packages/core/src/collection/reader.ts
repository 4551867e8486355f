import type { StoredRows } from "./def";
import { comparatorOf, type IndexedOrders } from "./orders";
import type { SortOrder } from "./plan";
import { sortRows, type Comparator } from "./sorts";

/**
 * A collection's index rows as its sources read them: the parts of a scope (one query in flight per
 * scope), their partitions, an item decoded as its row, rows read by key put in an order's sequence.
 */
export function readerOf<Row extends { id: string }, S extends string>(stored: StoredRows<Row>, orders: IndexedOrders<Row, S>) {
  const comparators = Object.fromEntries(Object.keys(orders).map((sort) => [sort, comparatorOf(orders[sort as S])])) as Record<S, Comparator<Row>>;
  const pendingParts = new Map<string, Promise<readonly string[]>>();

  /** The scope's parts; one query in flight per scope. */
  function partsOf(scope: string | undefined): readonly string[] | Promise<readonly string[]> {
    const key = scope === undefined ? "all" : `s:${scope}`;
    const pending = pendingParts.get(key);
    if (pending) return pending;
    const answer = stored.parts(scope);
    if (Array.isArray(answer)) return answer;
    const asked = Promise.resolve(answer).finally(() => pendingParts.delete(key));
    pendingParts.set(key, asked);
    return asked;
  }

  /** The scope's parts and the part of each of their index partitions. */
  async function partitionsOf(scope: string | undefined): Promise<{ parts: readonly string[]; partOf: Map<string, string> }> {
    const parts = await partsOf(scope);
    return { parts, partOf: new Map(parts.flatMap((part) => stored.partitions(part).map((pk) => [pk, part] as const))) };
  }

  return {
    comparators,
    partsOf,
    partitionsOf,
    partitions: stored.partitions,
    decode: stored.decode,
    /** An index item's row, its part told by its partition. */
    decodeIn: (partOf: ReadonlyMap<string, string>) => (item: Record<string, unknown>) =>
      stored.decode(partOf.get(String(item.pk))!, String(item.sk), String(item.r)),
    /** Rows read by key, in a sort's order. */
    sorted: (rows: readonly Row[], by: { sort: S; order: SortOrder }) => sortRows(rows, comparators[by.sort], by.order),
  };
}

export type Reader<Row extends { id: string }, S extends string> = ReturnType<typeof readerOf<Row, S>>;
