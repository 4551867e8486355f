import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { resolveLocal, runtimeSpecifiers, sourceFiles } from "../../../test/support/imports";

/**
 * Imports in packages/core/src run one way: the floor (db/, util/, policy/, request/,
 * …) is imported by the domains (signature/, report/, lead/, newsletter/, …), and privacy/, which
 * serves every kind, sits on top: no domain imports it. And no file imports, at run time, a file that
 * imports it back (type-only imports are erased, so they are left out). Within privacy/, only the
 * registry of kinds (privacy/kinds.ts) imports a domain: the rest loops over it.
 */

/** The folders that hold an entity or a kind of personal record. */
const DOMAINS = ["petition", "signature", "report", "lead", "newsletter", "suppression", "analytics", "guides", "evidence"];
const REGISTRY = "privacy/kinds.ts";
const SRC = resolve(__dirname, "../src");

/** The files of this package `file` imports at run time (with `types`, for its types too). */
const importsOf = (file: string, types = false) =>
  runtimeSpecifiers(file, { types })
    .flatMap((s) => resolveLocal(file, s) ?? [])
    .filter((target) => target !== file);

const files = sourceFiles(SRC);
const graph = new Map(files.map((file) => [file, importsOf(file)]));
/** Every import, type-only ones included: a type still ties one folder's design to another's. */
const typedGraph = new Map(files.map((file) => [file, importsOf(file, true)]));
const name = (file: string) => relative(SRC, file);
const folderOf = (file: string) => name(file).split("/")[0];

/** Each folder (or top-level file) of src and the others its files import, type-only imports included. */
const folderGraph = new Map<string, string[]>();
for (const [file, targets] of typedGraph) {
  const from = folderOf(file);
  folderGraph.set(from, [...new Set([...(folderGraph.get(from) ?? []), ...targets.map(folderOf).filter((to) => to !== from)])]);
}

/** The import cycles of `of`: strongly connected groups of more than one node (Tarjan's algorithm), named by `label`. */
function cycles(of: Map<string, string[]> = graph, label: (node: string) => string = name): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of of.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(label(w));
    } while (w !== v);
    if (group.length > 1) found.push(group.sort());
  };
  for (const node of of.keys()) if (!index.has(node)) connect(node);
  return found;
}

describe("imports in packages/core/src", () => {
  it("reads the source it checks (a walk that finds nothing proves nothing)", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(graph.get(join(SRC, "privacy/erasure.ts"))).toContain(join(SRC, "db/person-index.ts"));
  });

  it("form no file-level cycle", () => {
    expect(cycles()).toEqual([]);
  });

  it("form no file-level cycle through a type either (a kind's types live in a pure file, as lead/, report/ and signature/info.ts)", () => {
    expect(cycles(typedGraph).map((cycle) => cycle.join(" "))).toEqual([]);
  });

  it("never reach up into privacy/ from outside it (but from migrations/, which sits above every room), not even for a type: the person index's keys live in db/, the retention figures in policy/", () => {
    const upward = [...typedGraph].flatMap(([file, targets]) =>
      ["privacy", "migrations"].includes(folderOf(file)) ? [] : targets.filter((t) => folderOf(t) === "privacy").map((t) => `${name(file)} → ${name(t)}`),
    );
    expect(upward).toEqual([]);
  });

  it("tie no knot between folders, type-only imports counted", () => {
    expect(folderGraph.get("admins")).toContain("jobs");
    expect(cycles(folderGraph, (folder) => folder).map((knot) => knot.join(" "))).toEqual([]);
  });

  it("reach the domains from privacy/ only through the registry of kinds", () => {
    expect(graph.get(join(SRC, REGISTRY))).toContain(join(SRC, "signature/record-kind.ts"));
    const reaching = [...graph].flatMap(([file, targets]) =>
      folderOf(file) !== "privacy" || name(file) === REGISTRY
        ? []
        : targets.filter((t) => DOMAINS.includes(folderOf(t))).map((t) => `${name(file)} → ${name(t)}`),
    );
    expect(reaching).toEqual([]);
  });
});
