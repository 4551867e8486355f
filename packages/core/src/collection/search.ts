/**
 * Free-text search over rows: a case-insensitive "contains" over the fields a collection names. Each
 * row's lower-cased text is built once and kept (weakly) with the row. Pure: no I/O.
 */
export type SearchText<Row> = (row: Row) => readonly (string | number | boolean | null | undefined)[];

/** Separates fields, so a search never matches across two of them. */
const SEPARATOR = "\u0001";

/** The lower-cased text a search looks into, cached per row object. */
export function haystackOf<Row extends object>(fields: SearchText<Row>): (row: Row) => string {
  const cache = new WeakMap<Row, string>();
  return (row) => {
    let text = cache.get(row);
    if (text === undefined) {
      text = fields(row)
        .map((v) => (v === null || v === undefined ? "" : String(v)))
        .join(SEPARATOR)
        .toLowerCase();
      cache.set(row, text);
    }
    return text;
  };
}

/** What a search looks for: trimmed and lower-cased; "" matches everything. */
export const needleOf = (search: string) => search.trim().toLowerCase();

export function searchRows<Row>(rows: readonly Row[], haystack: (row: Row) => string, search: string): readonly Row[] {
  const needle = needleOf(search);
  if (!needle) return rows;
  return rows.filter((r) => haystack(r).includes(needle));
}
