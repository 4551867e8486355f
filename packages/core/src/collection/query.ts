import { z } from "zod";
import { Order, Search, pageQuery } from "../util/page";

/**
 * The query an admin collection takes from a query string: its own filter fields, then `search`,
 * `sort`, `order`, `page` and `pageSize`. Exports take the same filters with bigger pages and the
 * audited operation's id. Pure: the browser may import it.
 */
export interface PageSizes {
  /** largest page a list serves (default 500) */
  max?: number;
  /** page size when none is asked for (default 50) */
  default?: number;
}

/** A sortable id of an audited operation (see audit/index.ts: only ids the server recorded are accepted). */
export const OperationIdParam = z
  .string()
  .regex(/^[0-9a-z]{21}$/, "Unknown operation")
  .optional();

export const EXPORT_PAGE_SIZE = 1000;

/** A page's position from a previous answer's `next` or `prev` (cursor.ts); opaque to the client. */
export const CursorParam = z
  .string()
  .max(2000, "Unknown page cursor")
  .regex(/^[A-Za-z0-9_-]+$/, "Unknown page cursor")
  .optional();

export function listQuery<S extends string, F extends z.ZodRawShape>(sorts: readonly [S, ...S[]], defaultSort: S, filters: F, sizes: PageSizes = {}) {
  return z.object({
    ...filters,
    search: Search,
    sort: z.enum(sorts as unknown as [S, ...S[]], { error: `Sort by ${sorts.join(", ")}` }).default(defaultSort as never),
    order: Order,
    ...pageQuery(sizes.max ?? 500, sizes.default ?? 50),
    after: CursorParam,
    before: CursorParam,
  });
}

/** `only=page`: an export of this one page (a screen's "export this page"), complete in one call. */
export const OnlyParam = z.literal("page", { error: 'Only must be "page"' }).optional();

export function exportQuery<Shape extends z.ZodRawShape>(list: z.ZodObject<Shape>) {
  return list.extend({ ...pageQuery(EXPORT_PAGE_SIZE, EXPORT_PAGE_SIZE), operationId: OperationIdParam, only: OnlyParam });
}
