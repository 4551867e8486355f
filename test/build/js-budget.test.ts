import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { firstLoads, KB, type FirstLoad } from "../../scripts/bench/first-load";
import { JS_BUDGET_EXCEPTIONS_KB, JS_BUDGET_KB } from "../../scripts/bench/js-budget";
import { distDir, readDist, readJson, requireBuild } from "./dist";

/**
 * Every public page's first-load JavaScript against its budget (scripts/bench/js-budget.ts; issue 25
 * §7), computed from the build's files by scripts/bench/first-load.ts (what a first load is, there).
 * Byte counts are deterministic, unlike bench:pages' timings, so they are asserted here: a change
 * that pulls code into a page's first load fails this test, not only the next benchmark.
 * (bench:pages prints the same figures for every page, and Lighthouse's for the indexed ones; the
 * two agree within a few hundred bytes.)
 */
describe("first-load JavaScript of every public page, within its budget", () => {
  let pages: FirstLoad[];

  beforeAll(() => {
    requireBuild();
    pages = firstLoads(distDir);
  });

  it("covers every public page: the prerendered ones, the petition pages' templates and the SPA shell's", () => {
    expect(pages.filter((p) => p.html.startsWith("_templates/"))).toHaveLength(3);
    expect(pages.filter((p) => p.html === "spa.html").length).toBeGreaterThan(0);
    for (const page of pages.filter((p) => p.html !== "spa.html")) expect(readDist(page.html), page.html).toContain(`data-prerendered="`);
  });

  it("the figure is the whole app: the framework, the page's own chunk and the beacon (so the check is not vacuous)", () => {
    const modules = readJson<Record<string, string[]>>(".vite/chunk-modules.json");
    const petition = pages.find((p) => p.route === "/petition")!;
    const ids = petition.files.flatMap(({ file }) => modules[file] ?? []);
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
    const over = pages
      .filter((page) => !page.within)
      .map((page) => {
        const largest = page.files
          .slice(0, 6)
          .map(({ file, bytes }) => `${path.basename(file)} ${(bytes / KB).toFixed(1)}`)
          .join(", ");
        return `${page.route}: ${(page.bytes / KB).toFixed(1)} KB > ${page.budgetKb} KB (largest: ${largest})`;
      });
    expect(over).toEqual([]);
  });
});
