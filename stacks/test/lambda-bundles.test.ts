import { readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { join, relative } from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { routes } from "../../packages/functions/src/routes";
import { subscribers } from "../../packages/functions/src/subscribers";

const root = join(import.meta.dirname, "../..");
const entry = (handler: string) => join(root, `${handler.slice(0, handler.lastIndexOf("."))}.ts`);
const entries = [...new Set([...routes, ...subscribers].map((r) => entry(r.handler)))];

/**
 * Bundles every Lambda of the route table and the subscriber list the way SST does (esbuild, ESM,
 * Node 24, everything bundled) and reads which package copies went in.
 */
async function bundledPackages(): Promise<Map<string, Set<string>>> {
  const result = await build({
    entryPoints: entries,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node24",
    // the modules shared by many Lambdas printed once: the inputs are the same as without splitting
    splitting: true,
    write: false,
    outdir: "/nonexistent",
    metafile: true,
    logLevel: "silent",
  });
  const copies = new Map<string, Set<string>>();
  for (const input of Object.keys(result.metafile.inputs)) {
    const match = /^(.*node_modules\/((?:@[^/]+\/)?[^/]+))\//.exec(input);
    if (!match) continue;
    const [, dir, name] = match;
    const version = (JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8")) as { version: string }).version;
    if (!copies.has(name)) copies.set(name, new Set());
    copies.get(name)!.add(`${version} (${relative(root, dir)})`);
  }
  return copies;
}

describe("the Lambda bundles", () => {
  it("hold one copy of the AWS SDK core and one version of every @aws-sdk / @smithy package", async () => {
    const copies = await bundledPackages();
    expect([...(copies.get("@aws-sdk/core") ?? [])]).toHaveLength(1);
    expect([...(copies.get("@smithy/core") ?? [])]).toHaveLength(1);
    // npm may nest a second copy of the same version under another package; only versions must agree
    const versionsOf = (name: string) => new Set([...copies.get(name)!].map((c) => c.split(" ")[0]));
    const mixed = [...copies.keys()].filter((name) => /^@(aws-sdk|smithy)\//.test(name) && versionsOf(name).size > 1);
    expect(Object.fromEntries(mixed.map((name) => [name, [...copies.get(name)!]]))).toEqual({});
    // one esbuild run over every Lambda
  }, 300_000);
});

/** Every package a workspace's sources import must be declared in that workspace's package.json. */
describe("workspace dependencies", () => {
  const workspaces = ["packages/core", "packages/functions"];
  const builtins = new Set(builtinModules);
  const importsOf = (file: string) =>
    [...readFileSync(file, "utf8").matchAll(/^\s*(?:import|export)\s+(type\s+)?[^"';]*?from\s+"([^"]+)"|import\("([^"]+)"\)/gm)]
      .filter((m) => !m[1])
      .map((m) => m[2] ?? m[3]);
  const packageOf = (spec: string) => (spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0]);

  it.each(workspaces)("%s declares what it imports and imports what it declares", async (ws) => {
    const { readdirSync } = await import("node:fs");
    const manifest = JSON.parse(readFileSync(join(root, ws, "package.json"), "utf8")) as { name: string; dependencies?: Record<string, string> };
    const declared = new Set(Object.keys(manifest.dependencies ?? {}));
    const files = (readdirSync(join(root, ws, "src"), { recursive: true }) as string[]).filter((f) => f.endsWith(".ts"));
    const used = new Set<string>();
    for (const f of files) {
      for (const spec of importsOf(join(root, ws, "src", f))) {
        if (spec.startsWith(".") || spec.startsWith("node:") || builtins.has(spec)) continue;
        const name = packageOf(spec);
        if (name !== manifest.name) used.add(name);
      }
    }
    // the SST runtime is provided by the bundler at deploy time and only imported lazily
    used.delete("sst");
    // packages a subscriber has installed beside its bundle (`install`, SST's nodejs.install) are pinned here, where SST reads their version
    if (ws === "packages/functions") for (const name of subscribers.flatMap((x) => x.install ?? [])) used.add(name);
    expect([...used].filter((n) => !declared.has(n)).sort()).toEqual([]);
    expect([...declared].filter((n) => !used.has(n)).sort()).toEqual([]);
  });
});
