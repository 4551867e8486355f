import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { PETITION_TEMPLATES, templatePath } from "../../packages/core/src/site/petition-template";
import { PAGE_SOURCES } from "../../web/src/pageSources";
import { PRERENDER_ROUTES, PUBLIC_ROUTES, type PublicPath } from "../../web/src/publicRoutes";
import { jsBudgetKb } from "./js-budget";

/**
 * Every public page's first-load JavaScript, from the build's files (web/dist): what the browser
 * fetches for the page without any interaction, gzip-compressed as the local server serves it
 * (level 9). test/build/js-budget.test.ts asserts it against each page's budget, and
 * `npm run bench:pages` prints it for every page (Lighthouse measures only the indexed ones).
 *
 * A page's first load is
 * - the HTML's module scripts and modulepreloads, each with its static imports;
 * - what the bootstrap loads after the first paint (web/src/main.tsx → start.ts): boot.tsx and the
 *   page's own module (pageSources.ts), each with its static imports;
 * - the analytics beacon, which every page loads after its first view (lib/beaconLoader.ts).
 * What a page loads only when the visitor acts (a form's rules on focus, lib/deferred.ts) is not.
 */

export const KB = 1024;

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** Chunk files `key` loads at once: its own file plus the transitive closure of its static imports. */
export function staticClosure(manifest: Manifest, key: string): Set<string> {
  const files = new Set<string>();
  const visit = (at: string) => {
    const chunk = manifest[at];
    if (!chunk) throw new Error(`Manifest has no chunk ${at}`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return files;
}

/**
 * The HTML each public page is served as: its prerendered file, a petition page's template (the
 * petition-page function fills it in), or else the SPA shell (the links of a signer's e-mails).
 */
export const PAGES: { route: PublicPath; html: string }[] = PUBLIC_ROUTES.map(({ path }) => {
  const template = Object.entries(PETITION_TEMPLATES).find(([, route]) => route === path)?.[0] as keyof typeof PETITION_TEMPLATES | undefined;
  if (template) return { route: path, html: templatePath(template).slice(1) };
  if (PRERENDER_ROUTES.some((r) => r.path === path)) return { route: path, html: path === "/" ? "index.html" : `${path.slice(1)}/index.html` };
  return { route: path, html: "spa.html" };
});

/** The scripts an HTML file fetches itself: `<script type="module" src>` and `<link rel="modulepreload" href>`. */
function htmlScripts(html: string): string[] {
  const scripts = [...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="\/([^"]+)"/g)].map((m) => m[1]!);
  const preloads = [...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="\/([^"]+)"/g)].map((m) => m[1]!);
  return [...scripts, ...preloads];
}

export interface FirstLoad {
  route: PublicPath;
  html: string;
  /** the chunk files, largest first */
  files: { file: string; bytes: number }[];
  /** gzip bytes in all */
  bytes: number;
  budgetKb: number;
  within: boolean;
}

/** The first load of every public page in the build at `distDir`. Throws when the HTML and the manifest disagree. */
export function firstLoads(distDir: string): FirstLoad[] {
  const read = (relative: string) => readFileSync(path.join(distDir, relative), "utf8");
  const manifest = JSON.parse(read(".vite/manifest.json")) as Manifest;
  const keyOf = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const gzipped = new Map<string, number>();
  const gzipBytes = (file: string) => {
    let bytes = gzipped.get(file);
    if (bytes === undefined) {
      bytes = gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length;
      gzipped.set(file, bytes);
    }
    return bytes;
  };
  return PAGES.map(({ route, html }) => {
    const files = new Set<string>();
    const add = (key: string) => staticClosure(manifest, key).forEach((file) => files.add(file));
    const own = htmlScripts(read(html));
    if (own.length === 0) throw new Error(`${html} loads no script`);
    for (const file of own) {
      const key = keyOf.get(file);
      if (!key) throw new Error(`${html} loads ${file}, which the build manifest does not list`);
      add(key);
    }
    for (const key of ["src/start.ts", "src/boot.tsx", PAGE_SOURCES[route], "src/lib/beacon.ts"]) add(key);
    const sized = [...files].map((file) => ({ file, bytes: gzipBytes(file) })).sort((a, b) => b.bytes - a.bytes);
    const bytes = sized.reduce((sum, f) => sum + f.bytes, 0);
    const budgetKb = jsBudgetKb(route);
    return { route, html, files: sized, bytes, budgetKb, within: bytes <= budgetKb * KB };
  });
}
