import { z } from "zod";
import { Audit } from "@site/core/audit";
import { Sheets } from "@site/core/sheets";
import type { Progress } from "@site/core/collection";
import type { Page } from "@site/core/util/page";
import { adminRoute, ok, type Request } from "./http";

/**
 * The admin routes every collection has (collection/define.ts), so a new list's handlers are one line
 * each: list, audited export pages, audited chunked delete-all.
 */

/**
 * Query (or body) fields a route takes from its path, e.g. a lead list's form: they override what
 * the query string (or body) says. It may throw (an unknown form is a 404).
 */
export type PathScope = (req: Request) => Record<string, string>;

/** `schema` with the path's fields laid over the input first; a non-object input is left to fail. */
function scoped<S extends z.ZodType>(schema: S, req: Request, scope?: PathScope): z.ZodType<z.output<S>> {
  if (!scope) return schema as z.ZodType<z.output<S>>;
  const fixed = scope(req);
  return z.preprocess((input) => (input && typeof input === "object" && !Array.isArray(input) ? { ...input, ...fixed } : input), schema);
}

interface Listable<Q extends z.ZodType> {
  ListQuery: Q;
  list: (query: z.output<Q>) => Promise<Page<unknown>>;
}

/**
 * `?<filters>&search=&sort=&order=&page=&pageSize=` → `{items, total, page, pageSize}`. The collection
 * may be the request's (the generic records list: its `{kind}`'s).
 */
export const listRoute = <Q extends z.ZodType>(collection: Listable<Q> | ((req: Request) => Listable<Q>), scope?: PathScope) =>
  adminRoute(async (req) => {
    const listed = typeof collection === "function" ? collection(req) : collection;
    return ok(await listed.list(req.query(scoped(listed.ListQuery, req, scope))));
  });

type ExportParams = { operationId?: string; search: string; page: number; only?: "page" };

interface Exportable<Q extends z.ZodType<ExportParams>> {
  ExportQuery: Q;
  exportPage: (query: z.output<Q>) => Promise<Page<unknown>>;
  /** the audit target: the scope, search and filters, so a continued export must keep them */
  describe: (query: z.output<Q>) => string;
}

/**
 * The list's filters, `page`, `pageSize` ≤ 1000. The first page opens an audited operation (its
 * operationId comes back); later pages name it and add their rows; the last page completes it.
 * With `only=page` the page is the whole export: its operation (target "… (page n)") completes at once.
 */
export const exportRoute = <Q extends z.ZodType<ExportParams>>(collection: Exportable<Q>, action: Audit.OperationAction, scope?: PathScope) =>
  adminRoute(async (req) => {
    const q = req.query(scoped(collection.ExportQuery, req, scope));
    const target = collection.describe(q) + (q.only === "page" ? ` (page ${q.page})` : "");
    const page = await Audit.chunk({ action, actor: req.admin, target, operationId: q.operationId, readOnly: true }, async () => {
      const page = await collection.exportPage(q);
      // a page read from the table knows whether rows follow (a filtered one may be short and still have more)
      const end = "next" in page ? page.next === null : page.items.length < page.pageSize || page.page * page.pageSize >= page.total;
      const last = q.only === "page" || end;
      return { value: page, rows: page.items.length, done: last };
    });
    return ok(page);
  });

export interface DeleteAllRoute<B extends z.ZodType<{ operationId?: string }>> {
  /** the body: `{confirm: "CONFIRM", ...scope, operationId?}` (collection `deleteAllInput`) */
  input: B;
  action: Audit.OperationAction;
  target: (body: z.output<B>) => string;
  /** refuses a new operation before it is recorded (e.g. an unknown petition) */
  precheck?: (body: z.output<B>) => Promise<void>;
  /** one chunk of the deletion begun at `startedAt` */
  step: (body: z.output<B>, startedAt: string) => Promise<Progress>;
  /** body fields taken from the path (e.g. a lead list's form) */
  scope?: PathScope;
  /** the spreadsheet tabs that showed the deleted records: rewritten once the deletion is done */
  sheetTabs: (body: z.output<B>) => string[];
}

/**
 * `{confirm: "CONFIRM", ..., operationId?}` → `{operationId, deleted, remaining, done}`, one chunk per
 * call. The server issues the operationId on the first call; only its administrator may continue it,
 * for the same target.
 */
export const deleteAllRoute = <B extends z.ZodType<{ operationId?: string }>>(route: DeleteAllRoute<B>) =>
  adminRoute(async (req) => {
    const body = req.body(scoped(route.input, req, route.scope));
    const progress = await Audit.chunk(
      {
        action: route.action,
        actor: req.admin,
        target: route.target(body),
        operationId: body.operationId,
        precheck: route.precheck && (() => route.precheck!(body)),
      },
      async (op) => {
        const chunk = await route.step(body, op.startedAt);
        return { value: chunk, rows: chunk.deleted, done: chunk.done };
      },
    );
    if (progress.done) await Sheets.resyncSoon(route.sheetTabs(body));
    return ok(progress);
  });
