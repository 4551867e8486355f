import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** Every module that holds page words: web/src/content and the petition page's own. */
const MODULES = {
  ...import.meta.glob<Record<string, unknown>>("../src/content/*.ts", { eager: true }),
  ...import.meta.glob<Record<string, unknown>>("../src/pages/**/content.ts", { eager: true }),
};

/** How many objects under `value` carry `replaceBeforeLaunch` (sample content the foundation must replace). */
function samples(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + samples(v), 0);
  if (value && typeof value === "object") {
    const own = typeof (value as { replaceBeforeLaunch?: unknown }).replaceBeforeLaunch === "string" ? 1 : 0;
    return own + Object.values(value).reduce((n: number, v) => n + samples(v), 0);
  }
  return 0;
}

const readme = readFileSync(path.resolve(__dirname, "../../README.md"), "utf8");
const section = readme.split(/^## Replace before going live$/m)[1]?.split(/^## /m)[0] ?? "";

describe("sample content the foundation must replace", () => {
  const marked = Object.entries(MODULES).flatMap(([file, exports]) =>
    Object.entries(exports)
      .map(([name, value]) => ({ file: `web/src/${file.replace(/^\.\.\/src\//, "")}`, name, count: samples(value) }))
      .filter((entry) => entry.count > 0),
  );

  it("is marked in the content modules (testimonials and what only the foundation knows)", () => {
    expect(marked.map((m) => m.name)).toEqual(expect.arrayContaining(["TESTIMONIALS", "ACCOUNTABILITY"]));
    const home = marked.find((m) => m.file === "web/src/content/home.ts" && m.name === "TESTIMONIALS");
    expect(home?.count).toBe(9);
  });

  it("is listed in the README under 'Replace before going live', by module and export, with its count", () => {
    expect(section.length, "README has a '## Replace before going live' section").toBeGreaterThan(0);
    for (const { file, name, count } of marked) {
      const line = section.split("\n").find((l) => l.includes(`\`${file}\``) && l.includes(`\`${name}\``));
      expect(line, `README lists ${file} ${name}`).toBeDefined();
      expect(line, `README gives the count of ${file} ${name}`).toContain(`(${count})`);
    }
  });
});
