import { z } from "zod";

/** `page` (1-based) and `pageSize` as admin lists take them from a query string. */
export const pageQuery = (maxPageSize = 500, defaultPageSize = 50) => ({
  page: z.coerce.number({ error: "Page must be a whole number" }).int("Page must be a whole number").min(1, "Page must be at least 1").default(1),
  pageSize: z.coerce
    .number({ error: "Page size must be a whole number" })
    .int("Page size must be a whole number")
    .min(1, "Page size must be at least 1")
    .max(maxPageSize, `Page size must be at most ${maxPageSize}`)
    .default(defaultPageSize),
});

/** `limit`, how many rows a cursor-paged list answers at once (1 to `max`). */
export const limitQuery = (max = 100, defaultLimit = 50) =>
  z.coerce
    .number({ error: "Limit must be a whole number" })
    .int("Limit must be a whole number")
    .min(1, "Limit must be at least 1")
    .max(max, `Limit must be at most ${max}`)
    .default(defaultLimit);

export const Order = z.enum(["asc", "desc"], { error: "Order must be asc or desc" }).default("desc");
export type Order = z.output<typeof Order>;

export const Search = z.string().trim().max(200, "Search is too long").optional().default("");

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** A page read straight from the table: the cursors of the pages after and before it (null at either end). */
export interface CursorPage<T> extends Page<T> {
  next: string | null;
  prev: string | null;
}

export function pageOf<T>(items: readonly T[], page: number, pageSize: number): Page<T> {
  const start = (page - 1) * pageSize;
  return { items: items.slice(start, start + pageSize), total: items.length, page, pageSize };
}

/** Case-insensitive "contains" over a few fields. */
export function containsFolded(needle: string, ...haystack: (string | number | undefined | null)[]): boolean {
  const n = needle.trim().toLowerCase();
  if (!n) return true;
  return haystack.some((v) => v !== undefined && v !== null && String(v).toLowerCase().includes(n));
}
