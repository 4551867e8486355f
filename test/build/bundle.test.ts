import { beforeAll, describe, expect, it } from "vitest";
import { listFiles, readDist, readJson, requireBuild, distDir, staticClosure, type Manifest } from "./dist";

/** A module path that belongs to Amplify (aws-amplify or any @aws-amplify/* package). */
const AMPLIFY_MODULE = /(^|\/)node_modules\/(aws-amplify|@aws-amplify\/[^/]+)\//;

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

  /**
   * What public pages load: the bootstrap entry, then (after first paint) the app and the page's chunk,
   * each with its static imports (web/src/main.tsx, start.ts, boot.tsx, pageModules.ts).
   */
  const publicClosure = () => {
    const pages = Object.keys(manifest).filter((key) => /^src\/pages\/.*Page\.tsx$/.test(key));
    expect(pages.length).toBeGreaterThanOrEqual(10);
    const files = new Set<string>();
    for (const key of [entryKey, "src/start.ts", "src/boot.tsx", ...pages]) for (const file of staticClosure(manifest, key)) files.add(file);
    return files;
  };

  it("the public app (entry, app and every page with their static imports) holds no Amplify module", () => {
    const closure = publicClosure();
    expect(closure.size).toBeGreaterThan(0);
    for (const file of closure) {
      const ids = modules[file];
      expect(ids, `module list of ${file}`).toBeDefined();
      // (a dynamic entry whose module sits in the shared app chunk is an empty facade: no modules)
      expect(
        ids!.filter((id) => AMPLIFY_MODULE.test(id)),
        `Amplify modules in ${file}`,
      ).toEqual([]);
      // Belt and braces: Amplify's Cognito service name must not appear in the public code either.
      expect(readDist(file), file).not.toContain("cognito-idp");
    }
    // The closure really contains the public app (so the check above is not vacuous).
    const publicModules = [...closure].flatMap((file) => modules[file] ?? []);
    expect(publicModules.some((id) => id.startsWith("web/src/pages/PetitionPage/"))).toBe(true);
    expect(publicModules.some((id) => /node_modules\/react-dom\//.test(id))).toBe(true);
  });

  it("Amplify lives in a lazily loaded chunk that holds the admin area", () => {
    const closure = publicClosure();
    const lazy = Object.entries(manifest).filter(([, chunk]) => chunk.file.endsWith(".js") && !closure.has(chunk.file));
    const withAmplify = lazy.filter(([, chunk]) => (modules[chunk.file] ?? []).some((id) => AMPLIFY_MODULE.test(id)));
    expect(withAmplify.length).toBeGreaterThan(0);
    // …and it is reached only through a dynamic import of the admin app.
    const adminKey = Object.keys(manifest).find((key) => key.startsWith("web/src/admin/") || key.startsWith("src/admin/"));
    expect(adminKey).toBeDefined();
    expect(manifest[adminKey!]!.isDynamicEntry).toBe(true);
    const importers = Object.values(manifest).filter((chunk) => (chunk.dynamicImports ?? []).includes(adminKey!));
    expect(importers.length).toBeGreaterThan(0);
    for (const importer of importers) expect(closure.has(importer.file), importer.file).toBe(true);
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

describe("the browser bundle holds no server code", () => {
  it("no chunk, public or admin, contains a module of the AWS SDK (@aws-sdk/*) or Node's built-ins", () => {
    requireBuild();
    const modules = readJson<Record<string, string[]>>(".vite/chunk-modules.json");
    const all = Object.entries(modules);
    expect(all.length).toBeGreaterThan(5);
    for (const [file, ids] of all) {
      expect(
        ids.filter((id) => /node_modules\/@aws-sdk\//.test(id) || /^node:/.test(id)),
        file,
      ).toEqual([]);
    }
    // the check reads real module ids (so it is not vacuous)
    expect(all.some(([, ids]) => ids.some((id) => id.startsWith("web/src/")))).toBe(true);
  });
});
