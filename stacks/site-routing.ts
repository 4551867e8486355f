import fs from "node:fs";
import path from "node:path";
import { PUBLIC_ROUTES, type PublicRoute } from "../web/src/publicRoutes";

/** CloudFront rejects function code larger than this. */
const MAX_FUNCTION_BYTES = 10_240;

/**
 * Every prerendered page in the built site, by clean URL: `index.html` → `/`,
 * `guides.html` and `guides/index.html` → `/guides`. Empty when the site isn't built.
 */
export function prerenderedPages(dir: string): Record<string, string> {
  const pages: Record<string, string> = {};
  const walk = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const file = path.posix.join(rel, entry.name);
      // "_templates": the petition page templates, fetched by the petition-page function, not pages.
      if (entry.isDirectory()) {
        if (!entry.name.startsWith("_")) walk(file);
      } else if (file.endsWith(".html")) {
        const route = file.replace(/(^|\/)index\.html$/, "").replace(/\.html$/, "");
        pages[`/${route}`] = `/${file}`;
      }
    }
  };
  if (fs.existsSync(dir)) walk("");
  return pages;
}

/**
 * The untouched SPA shell written by web/scripts/prerender.mjs. `index.html` can't serve as the
 * fallback: it is the prerendered home page.
 */
export const SPA_SHELL = "/spa.html";

/** The SPA shell for the admin area, marked noindex (web/scripts/prerender.mjs). */
export const ADMIN_SHELL = "/admin/index.html";

/** The prerendered 404 page (web/scripts/prerender.mjs): unknown paths are answered with it, status 404. */
export const NOT_FOUND_PAGE = "/404/index.html";

/**
 * The public routes with parameters (`/sign/:id`, …): never prerendered, each served the SPA shell,
 * whose client router renders them. As regular expressions, for the CloudFront functions.
 */
export const SHELL_ROUTES: string[] = (PUBLIC_ROUTES as readonly PublicRoute[])
  .filter((r) => r.title === undefined)
  .map((r) => `^${r.path.replace(/:[a-zA-Z]+/g, "[^/]+")}$`);

/** What the site serves for a path, and with which status. */
export interface PageRoute {
  /** The file served (or the path itself, for a file). */
  uri: string;
  status: 200 | 404;
}

/**
 * The one routing rule of the site's pages, as JavaScript source: the viewer-request function
 * (which file to fetch), the viewer-response function (which status to answer with) and the local
 * server (scripts/local/server.ts) all run this same code. A known page → its prerendered file; a
 * file (anything with an extension) → itself; the admin area → its noindex shell; a route with
 * parameters → the SPA shell; anything else → the 404 page with status 404 (no soft 404s).
 */
const ROUTE_SOURCE = `function routeOf(uri, table) {
  var name = uri.slice(uri.lastIndexOf("/") + 1);
  if (name.indexOf(".") !== -1 || uri.indexOf("/.well-known/") === 0) return { uri: uri, status: uri === table.notFound ? 404 : 200 };
  var key = uri.length > 1 && uri.slice(-1) === "/" ? uri.slice(0, -1) : uri;
  if (key === "/404") return { uri: table.notFound || table.fallback, status: 404 };
  if (table.pages[key]) return { uri: table.pages[key], status: 200 };
  if (key === "/admin" || key.indexOf("/admin/") === 0) return { uri: table.admin, status: 200 };
  for (var i = 0; i < table.shell.length; i++) if (new RegExp(table.shell[i]).test(key)) return { uri: table.fallback, status: 200 };
  return table.notFound ? { uri: table.notFound, status: 404 } : { uri: table.fallback, status: 200 };
}`;

export interface RouteTable {
  pages: Record<string, string>;
  /** The SPA shell. */
  fallback: string;
  admin: string;
  shell: string[];
  /** The 404 page's file; absent before the first build (unknown paths then get the shell). */
  notFound?: string;
}

/** A CloudFront function: the routing table, the routing rule and `handler`, within CloudFront's size limit. */
function cloudFrontFunction(table: RouteTable, handler: string): string {
  const code = `var TABLE = ${JSON.stringify(table)};\n${ROUTE_SOURCE}\n${handler}`;
  if (Buffer.byteLength(code) > MAX_FUNCTION_BYTES) {
    throw new Error(`The page router lists ${Object.keys(table.pages).length} prerendered pages and exceeds CloudFront's 10 KB function limit`);
  }
  return code;
}

/**
 * Viewer-request CloudFront function for the site's default behavior: fetches the file `routeOf`
 * names. This replaces distribution-wide custom error responses, which would also rewrite the API's
 * own 403/404 answers under `/api/*` into the HTML shell.
 */
export const pageRouterCode = (table: RouteTable): string =>
  cloudFrontFunction(
    table,
    `function handler(event) {
  var request = event.request;
  request.uri = routeOf(request.uri, TABLE).uri;
  return request;
}`,
  );

/**
 * Viewer-response CloudFront function of the same behavior: answers 404 for what `routeOf` calls
 * not found. It judges the request's URI as the viewer-request function left it (the 404 page's
 * file) or, should CloudFront hand it the viewer's own, that URI: both give 404. The 404 page is
 * cached once as an ordinary object; only the status seen by the viewer changes.
 */
export const pageStatusCode = (table: RouteTable): string =>
  cloudFrontFunction(
    table,
    `function handler(event) {
  var response = event.response;
  if (response.statusCode === 200 && routeOf(event.request.uri, TABLE).status === 404) {
    response.statusCode = 404;
    response.statusDescription = "Not Found";
  }
  return response;
}`,
  );

/** `routeOf` as a Node function, for the local server: the same source the CloudFront functions run. */
export function pageRouteFor(dir: string): (uri: string) => PageRoute {
  const table = routeTableFor(dir);
  const routeOf = new Function(`${ROUTE_SOURCE}\nreturn routeOf;`)() as (uri: string, t: RouteTable) => PageRoute;
  return (uri) => routeOf(uri, table);
}

/** The routing table of a built site in `dir` (before the first build: everything → index.html). */
export function routeTableFor(dir: string): RouteTable {
  const pages = prerenderedPages(dir);
  const files = Object.values(pages);
  const fallback = files.includes(SPA_SHELL) ? SPA_SHELL : "/index.html";
  const admin = files.includes(ADMIN_SHELL) ? ADMIN_SHELL : fallback;
  const notFound = files.includes(NOT_FOUND_PAGE) ? NOT_FOUND_PAGE : undefined;
  const routable = Object.fromEntries(Object.entries(pages).filter(([, file]) => file !== fallback && file !== admin && file !== notFound));
  return { pages: routable, fallback, admin, shell: SHELL_ROUTES, ...(notFound ? { notFound } : {}) };
}

/** The viewer-request page router for a built site in `dir`. */
export const pageRouterFor = (dir: string): string => pageRouterCode(routeTableFor(dir));

/** The viewer-response status function for a built site in `dir`. */
export const pageStatusFor = (dir: string): string => pageStatusCode(routeTableFor(dir));
