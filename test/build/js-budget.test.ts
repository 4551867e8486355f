import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { PETITION_TEMPLATES, templatePath } from "../../packages/core/src/site/petition-template";
import { JS_BUDGET_EXCEPTIONS_KB, JS_BUDGET_KB, jsBudgetKb } from "../../scripts/bench/js-budget";
import { PAGE_SOURCES } from "../../web/src/pageSources";
import { PRERENDER_ROUTES, PUBLIC_ROUTES, type PublicPath } from "../../web/src/publicRoutes";
import { distDir, readDist, readJson, requireBuild, staticClosure, type Manifest } from "./dist";

/**
 * Every public page's first-load JavaScript against its budget (scripts/bench/js-budget.ts; issue 25
 * §7), computed from the build's files: what the browser fetches for the page without any
 * interaction, gzip-compressed as the local server serves it (level 9). Byte counts are deterministic,
 * unlike bench:pages' timings, so they are asserted here: a change that pulls code into a page's first
 * load fails this test, not only the next benchmark. (bench:pages measures the same on the served
 * site, as Lighthouse sees it load; the two agree within a few hundred bytes.)
 *
 * A page's first load is
 * - the HTML's module scripts and modulepreloads, each with its static imports;
 * - what the bootstrap loads after the first paint (web/src/main.tsx → start.ts): boot.tsx and the
 *   page's own module (pageSources.ts), each with its static imports;
 * - the analytics beacon, which every page loads after its first view (lib/beaconLoader.ts).
 * What a page loads only when the visitor acts (a form's rules on focus, lib/deferred.ts) is not.
 */

const KB = 1024;

/**
 * The HTML each public page is served as: its prerendered file, a petition page's template (the
 * petition-page function fills it in), or else the SPA shell (the links of a signer's e-mails).
 */
const PAGES: { route: PublicPath; html: string }[] = PUBLIC_ROUTES.map(({ path }) => {
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

const gzipped = new Map<string, number>();
const gzipBytes = (file: string) => {
  let bytes = gzipped.get(file);
  if (bytes === undefined) {
    bytes = gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length;
    gzipped.set(file, bytes);
  }
  return bytes;
};

describe("first-load JavaScript of every public page, within its budget", () => {
  let manifest: Manifest;
  let keyOf: Map<string, string>;

  beforeAll(() => {
    requireBuild();
    manifest = readJson<Manifest>(".vite/manifest.json");
    keyOf = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  });

  /** The chunk files `page` loads without interaction. */
  function firstLoad({ route, html }: (typeof PAGES)[number]): Set<string> {
    const files = new Set<string>();
    const add = (key: string) => staticClosure(manifest, key).forEach((file) => files.add(file));
    const own = htmlScripts(readDist(html));
    expect(own.length, `${html} loads no script`).toBeGreaterThan(0);
    for (const file of own) {
      const key = keyOf.get(file);
      expect(key, `${html} loads ${file}, which the build manifest does not list`).toBeDefined();
      add(key!);
    }
    for (const key of ["src/start.ts", "src/boot.tsx", PAGE_SOURCES[route], "src/lib/beacon.ts"]) add(key);
    return files;
  }

  it("covers every public page: the prerendered ones, the petition pages' templates and the SPA shell's", () => {
    expect(PAGES.filter((p) => p.html.startsWith("_templates/"))).toHaveLength(3);
    expect(PAGES.filter((p) => p.html === "spa.html").length).toBeGreaterThan(0);
    for (const page of PAGES.filter((p) => p.html !== "spa.html")) expect(readDist(page.html), page.html).toContain(`data-prerendered="`);
  });

  it("the figure is the whole app: the framework, the page's own chunk and the beacon (so the check is not vacuous)", () => {
    const modules = readJson<Record<string, string[]>>(".vite/chunk-modules.json");
    const petition = PAGES.find((p) => p.route === "/petition")!;
    const ids = [...firstLoad(petition)].flatMap((file) => modules[file] ?? []);
    for (const expected of [
      /node_modules\/react-dom\//,
      /^web\/src\/pages\/PetitionPage\/PetitionPage\.tsx$/,
      /^web\/src\/lib\/beacon\.ts$/,
      /^web\/src\/main\.tsx$/,
    ]) {
      expect(
        ids.some((id) => expected.test(id)),
        String(expected),
      ).toBe(true);
    }
  });

  it(`no page loads more than its budget: ${JS_BUDGET_KB} KB gzip (${Object.entries(JS_BUDGET_EXCEPTIONS_KB)
    .map(([route, kb]) => `${kb} KB on ${route}`)
    .join(", ")})`, () => {
    const over: string[] = [];
    for (const page of PAGES) {
      const files = [...firstLoad(page)];
      const bytes = files.reduce((sum, file) => sum + gzipBytes(file), 0);
      const budget = jsBudgetKb(page.route);
      if (bytes <= budget * KB) continue;
      const largest = files
        .sort((a, b) => gzipBytes(b) - gzipBytes(a))
        .slice(0, 6)
        .map((file) => `${path.basename(file)} ${(gzipBytes(file) / KB).toFixed(1)}`)
        .join(", ");
      over.push(`${page.route}: ${(bytes / KB).toFixed(1)} KB > ${budget} KB (largest: ${largest})`);
    }
    expect(over).toEqual([]);
  });
});
