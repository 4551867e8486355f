/**
 * Orders for admin collections. Every comparator falls back to the row id, so equal keys keep one
 * stable order across requests (and pages never overlap). Pure: no I/O.
 */
export type Comparator<Row> = (a: Row, b: Row) => number;

interface Identified {
  id: string;
}

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/** Ids are time-sortable (util/id.ts), so this is also creation order. */
export const byId = <Row extends Identified>(a: Row, b: Row): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** People's text (names, e-mails): case and accents ignored, digits compared as numbers. */
export function byText<Row extends Identified>(value: (row: Row) => string): Comparator<Row> {
  return (a, b) => collator.compare(value(a), value(b)) || byId(a, b);
}

/** Code-unit order: ids, ISO dates and times, enumerations. */
export function byValue<Row extends Identified>(value: (row: Row) => string): Comparator<Row> {
  return (a, b) => {
    const x = value(a);
    const y = value(b);
    return x < y ? -1 : x > y ? 1 : byId(a, b);
  };
}

export function byNumber<Row extends Identified>(value: (row: Row) => number): Comparator<Row> {
  return (a, b) => value(a) - value(b) || byId(a, b);
}

export function sortRows<Row>(rows: readonly Row[], compare: Comparator<Row>, order: "asc" | "desc"): Row[] {
  const sorted = [...rows].sort(compare);
  return order === "desc" ? sorted.reverse() : sorted;
}
