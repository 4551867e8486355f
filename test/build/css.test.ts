import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PETITION_TEMPLATES, templatePath } from "../../packages/core/src/site/petition-template";
import { PAGE_SOURCES } from "../../web/src/pageSources";
import { PRERENDER_ROUTES, type PublicPath } from "../../web/src/publicRoutes";
import { readDist, readJson, repoRoot, requireBuild, staticClosure, type Manifest } from "./dist";

const webSrc = path.join(repoRoot, "web", "src");
const mantineStyles = path.join(repoRoot, "web", "node_modules", "@mantine", "core", "styles");

/** Source files of the public site: everything under web/src but the admin area (which loads all of Mantine's CSS). */
function publicSources(dir = webSrc): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "admin" ? [] : publicSources(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

/**
 * A page folder with its own styles module (web/src/pages/<Page>/styles.ts) loads the styles only
 * its components use with its own chunk; its sources are checked against that module and public.ts.
 */
const pageStyleModules = () =>
  readdirSync(path.join(webSrc, "pages"))
    .map((name) => path.join(webSrc, "pages", name))
    .filter((dir) => statSync(dir).isDirectory() && existsSync(path.join(dir, "styles.ts")));

/** The Mantine components whose styles a styles module imports ("Button", "Stepper"…; base layers too). */
const stylesLoadedBy = (file: string) =>
  new Set([...readFileSync(file, "utf8").matchAll(/@mantine\/core\/styles\/([A-Za-z-]+)\.layer\.css/g)].map((m) => m[1]!));

/** The Mantine components `files` import, and what those render, that have a stylesheet of their own. */
function stylesNeededBy(files: string[]): Set<string> {
  const used = new Set<string>();
  for (const file of files) {
    for (const [, names] of readFileSync(file, "utf8").matchAll(/import\s*\{([^}]+)\}\s*from\s*"@mantine\/(?:core|dates)"/g)) {
      for (const name of names!.split(",").map((n) => n.trim().replace(/^type\s+/, ""))) if (/^[A-Z]/.test(name)) used.add(name);
    }
  }
  const needed = new Set([...used].flatMap((name) => [name, ...(RENDERS[name] ?? [])]));
  return new Set([...needed].filter((name) => existsSync(path.join(mantineStyles, `${name}.layer.css`))));
}

/** Components whose own styles are not enough: what they render inside carries its own stylesheet. */
const RENDERS = {
  Button: ["UnstyledButton", "Loader"],
  Burger: ["UnstyledButton"],
  Card: ["Paper"],
  CloseButton: ["UnstyledButton"],
  Notification: ["CloseButton", "Loader"],
  Alert: ["CloseButton"],
  Modal: ["ModalBase", "Overlay", "CloseButton"],
  Checkbox: ["InlineInput"],
  TextInput: ["Input"],
  Textarea: ["Input"],
  FileInput: ["Input", "CloseButton"],
  Radio: ["InlineInput"],
  Select: ["Input", "Combobox", "Popover", "ScrollArea", "CloseButton"],
  Stepper: ["UnstyledButton", "Loader"],
  DatePickerInput: ["Input", "Popover", "CloseButton"],
} as Record<string, string[]>;

describe("the public pages' CSS (web/src/styles/public.ts)", () => {
  const loaded = stylesLoadedBy(path.join(webSrc, "styles", "public.ts"));

  it("loads Mantine's base layers, layered, and not the whole stylesheet", () => {
    for (const base of ["baseline", "default-css-variables", "global"]) expect(loaded.has(base), base).toBe(true);
    for (const file of publicSources()) expect(readFileSync(file, "utf8"), file).not.toMatch(/@mantine\/core\/styles(\.layer)?\.css/);
  });

  it("has the styles of every Mantine component the public pages use, and of what they render", () => {
    const scoped = pageStyleModules();
    const shared = publicSources().filter((file) => !scoped.some((dir) => file.startsWith(dir + path.sep)));
    const needed = stylesNeededBy(shared);
    expect(needed.has("Button")).toBe(true);
    expect(needed.size).toBeGreaterThan(5);
    expect([...needed].filter((name) => !loaded.has(name))).toEqual([]);
    // …and nothing no public page uses (each is downloaded by every visitor).
    const unused = [...loaded].filter((name) => /^[A-Z]/.test(name) && !needed.has(name));
    expect(unused).toEqual([]);
  });

  it("a page with its own styles module has the styles of what it uses there, and only those", () => {
    expect(pageStyleModules().map((dir) => path.basename(dir))).toContain("ReportScamPage");
    for (const dir of pageStyleModules()) {
      const own = stylesLoadedBy(path.join(dir, "styles.ts"));
      const needed = stylesNeededBy(publicSources(dir));
      expect(
        [...needed].filter((name) => !loaded.has(name) && !own.has(name)),
        dir,
      ).toEqual([]);
      expect(
        [...own].filter((name) => !needed.has(name)),
        `${dir}: styles it does not use`,
      ).toEqual([]);
      expect(
        [...own].filter((name) => loaded.has(name)),
        `${dir}: styles public.ts already loads`,
      ).toEqual([]);
    }
  });
});

describe("the prerendered pages' CSS links", () => {
  it("a page links the CSS of all it loads, now or later (a guide's text is on the screen before its code)", () => {
    requireBuild();
    const manifest = readJson<Manifest>(".vite/manifest.json");
    const app = new Set([...staticClosure(manifest, "src/boot.tsx")].map((file) => Object.keys(manifest).find((key) => manifest[key]!.file === file)!));
    /** The CSS of `key`'s chunks and, but for the app's own (which can load every page), of what they load on demand. */
    const cssOf = (key: string, seen = new Set<string>()): string[] => {
      if (seen.has(key)) return [];
      seen.add(key);
      const chunk = manifest[key]!;
      return [
        ...(chunk.css ?? []),
        ...(chunk.imports ?? []).flatMap((imported) => cssOf(imported, seen)),
        ...(app.has(key) ? [] : (chunk.dynamicImports ?? []).flatMap((later) => cssOf(later, seen))),
      ];
    };
    const pages = [
      ...PRERENDER_ROUTES.map((r) => ({ route: r.path as PublicPath, html: r.path === "/" ? "index.html" : `${r.path.slice(1)}/index.html` })),
      ...Object.entries(PETITION_TEMPLATES).map(([name, route]) => ({ route, html: templatePath(name as keyof typeof PETITION_TEMPLATES).slice(1) })),
    ];
    const later = cssOf(PAGE_SOURCES["/before-you-sign"]);
    expect(
      later.some((file) => /GuideArticle/.test(file)),
      "a guide's article CSS is found",
    ).toBe(true);
    for (const { route, html } of pages) {
      const linked = new Set([...readDist(html).matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+)"/g)].map((m) => m[1]!));
      expect(
        cssOf(PAGE_SOURCES[route]).filter((file) => !linked.has(file)),
        `${html}: CSS not linked`,
      ).toEqual([]);
    }
  });
});
