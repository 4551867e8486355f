/**
 * Sorting rows read by key (a search's matches) in an order's own comparator (orders.ts
 * `comparatorOf`), so they come in the order the table's indexes give every other page. Pure.
 */
export type Comparator<Row> = (a: Row, b: Row) => number;

export function sortRows<Row>(rows: readonly Row[], compare: Comparator<Row>, order: "asc" | "desc"): Row[] {
  const sorted = [...rows].sort(compare);
  return order === "desc" ? sorted.reverse() : sorted;
}
