import { beforeAll, describe, expect, it } from "vitest";
import { listFiles, readDist, readJson, requireBuild, distDir, type Manifest } from "./dist";

/** A module path that belongs to Amplify (aws-amplify or any @aws-amplify/* package). */
const AMPLIFY_MODULE = /(^|\/)node_modules\/(aws-amplify|@aws-amplify\/[^/]+)\//;

/** Chunk files the entry loads: itself plus the transitive closure of its static imports. */
export function staticClosure(manifest: Manifest, entryKey: string): Set<string> {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`Manifest has no chunk ${key}`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entryKey);
  return files;
}

describe("the public bundle never contains aws-amplify", () => {
  let manifest: Manifest;
  let modules: Record<string, string[]>;
  let entryKey: string;

  beforeAll(() => {
    requireBuild();
    manifest = readJson<Manifest>(".vite/manifest.json");
    modules = readJson<Record<string, string[]>>(".vite/chunk-modules.json");
    const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
    expect(entries.map(([key]) => key)).toEqual(["index.html"]);
    entryKey = entries[0]![0];
  });

  it("the module map covers every JavaScript chunk of the manifest", () => {
    for (const chunk of Object.values(manifest)) {
      if (chunk.file.endsWith(".js")) expect(modules, chunk.file).toHaveProperty([chunk.file]);
    }
  });

  it("the entry chunk and its static imports hold no Amplify module", () => {
    const closure = staticClosure(manifest, entryKey);
    expect(closure.size).toBeGreaterThan(0);
    for (const file of closure) {
      const ids = modules[file];
      expect(ids, `module list of ${file}`).toBeDefined();
      expect(ids!.length, `${file} holds modules`).toBeGreaterThan(0);
      expect(ids!.filter((id) => AMPLIFY_MODULE.test(id)), `Amplify modules in ${file}`).toEqual([]);
      // Belt and braces: Amplify's Cognito service name must not appear in the public code either.
      expect(readDist(file), file).not.toContain("cognito-idp");
    }
    // The entry really contains the public app (so the check above is not vacuous).
    const entryModules = modules[manifest[entryKey]!.file]!;
    expect(entryModules.some((id) => id.startsWith("web/src/pages/PetitionPage/"))).toBe(true);
    expect(entryModules.some((id) => /node_modules\/react-dom\//.test(id))).toBe(true);
  });

  it("Amplify lives in a lazily loaded chunk that holds the admin area", () => {
    const closure = staticClosure(manifest, entryKey);
    const lazy = Object.entries(manifest).filter(
      ([, chunk]) => chunk.file.endsWith(".js") && !closure.has(chunk.file),
    );
    const withAmplify = lazy.filter(([, chunk]) => (modules[chunk.file] ?? []).some((id) => AMPLIFY_MODULE.test(id)));
    expect(withAmplify.length).toBeGreaterThan(0);
    // …and it is reached only through a dynamic import of the admin app.
    const adminKey = Object.keys(manifest).find((key) => key.startsWith("web/src/admin/") || key.startsWith("src/admin/"));
    expect(adminKey).toBeDefined();
    expect(manifest[adminKey!]!.isDynamicEntry).toBe(true);
    expect(manifest[entryKey]!.dynamicImports ?? []).toContain(adminKey);
  });

  it("no HTML page preloads an Amplify chunk", () => {
    const closure = staticClosure(manifest, entryKey);
    const amplifyFiles = Object.values(manifest)
      .map((chunk) => chunk.file)
      .filter((file) => !closure.has(file) && (modules[file] ?? []).some((id) => AMPLIFY_MODULE.test(id)));
    const pages = listFiles(distDir).filter((file) => file.endsWith(".html"));
    expect(pages).toContain("spa.html");
    for (const page of pages) {
      const html = readDist(page);
      for (const file of amplifyFiles) expect(html, page).not.toContain(file);
    }
  });
});
