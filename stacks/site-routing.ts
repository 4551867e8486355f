import fs from "node:fs";
import path from "node:path";

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

/**
 * Viewer-request CloudFront function for the site's default behavior: a known page is served
 * from its prerendered file, files (anything with an extension) as they are, and every other
 * path gets the SPA shell with status 200 (the admin area: its noindex shell).
 *
 * This replaces distribution-wide custom error responses, which would also rewrite the API's
 * own 403/404 answers under `/api/*` into the HTML shell.
 */
export function pageRouterCode(pages: Record<string, string>, fallback: string, adminShell?: string): string {
  const code = `var PAGES = ${JSON.stringify(pages)};
var FALLBACK = ${JSON.stringify(fallback)};
var ADMIN = ${JSON.stringify(adminShell ?? fallback)};
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var name = uri.slice(uri.lastIndexOf("/") + 1);
  if (name.indexOf(".") !== -1 || uri.indexOf("/.well-known/") === 0) return request;
  var key = uri.length > 1 && uri.slice(-1) === "/" ? uri.slice(0, -1) : uri;
  var admin = key === "/admin" || key.indexOf("/admin/") === 0;
  request.uri = PAGES[key] || (admin ? ADMIN : FALLBACK);
  return request;
}`;
  if (Buffer.byteLength(code) > MAX_FUNCTION_BYTES) {
    throw new Error(`The page router lists ${Object.keys(pages).length} prerendered pages and exceeds CloudFront's 10 KB function limit`);
  }
  return code;
}

/** The page router for a built site in `dir` (before the first build: everything → index.html). */
export function pageRouterFor(dir: string): string {
  const pages = prerenderedPages(dir);
  const fallback = Object.values(pages).includes(SPA_SHELL) ? SPA_SHELL : "/index.html";
  const adminShell = Object.values(pages).includes(ADMIN_SHELL) ? ADMIN_SHELL : undefined;
  const routable = Object.fromEntries(Object.entries(pages).filter(([, file]) => file !== fallback && file !== adminShell));
  return pageRouterCode(routable, fallback, adminShell);
}
