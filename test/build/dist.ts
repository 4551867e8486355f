/** Shared helpers of the build tests: where the built site is and how to read it. */
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const distDir = path.join(repoRoot, "web", "dist");

/** Fails with a clear message when `npm run build -w @site/web` has not run. */
export function requireBuild(): void {
  if (!existsSync(path.join(distDir, ".vite", "manifest.json"))) {
    throw new Error(`No build in ${distDir}: run \`npm run build -w @site/web\` before the build tests`);
  }
}

export const readDist = (relative: string): string => readFileSync(path.join(distDir, relative), "utf8");
export const readJson = <T>(relative: string): T => JSON.parse(readDist(relative)) as T;

/** Every file under `dir`, relative to it, with forward slashes. */
export function listFiles(dir: string, prefix = ""): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    const relative = prefix ? `${prefix}/${name}` : name;
    return statSync(full).isDirectory() ? listFiles(full, relative) : [relative];
  });
}

/** KEY=VALUE pairs of the repository's `.env` (if any), without touching process.env. */
export function dotEnv(): Record<string, string> {
  const file = path.join(repoRoot, ".env");
  if (!existsSync(file)) return {};
  const values: Record<string, string> = {};
  for (const line of readFileSync(file, "utf8").split(/\r?\n/)) {
    const match = line.match(/^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)\s*$/);
    if (!match) continue;
    let value = match[2]!;
    if (/^(['"]).*\1$/.test(value)) value = value.slice(1, -1);
    else value = value.replace(/\s+#.*$/, "");
    values[match[1]!] = value;
  }
  return values;
}

/** The petition id the build used (vite.config.ts: process.env, then .env, then the default). */
export function expectedPetitionId(): string {
  return process.env.DEFAULT_PETITION_ID || dotEnv().DEFAULT_PETITION_ID || "timeshare-reform";
}

// The build manifest's shape and a chunk's static closure, shared with the benchmarks.
export { staticClosure, type Manifest, type ManifestChunk } from "../../scripts/bench/first-load";
