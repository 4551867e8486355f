import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { resolveLocal, runtimeSpecifiers, sourceFiles } from "../../test/support/imports";

/**
 * The browser bundle holds no AWS SDK: the browser's forms share the server's schemas
 * through @site/core modules with no AWS import. This walks every run-time import the web app
 * reaches, through @site/core too, and fails on any `@aws-sdk/…` package among them.
 */
const WEB_SRC = resolve(__dirname, "../src");

function reached(): Map<string, string[]> {
  const seen = new Map<string, string[]>();
  const queue = sourceFiles(WEB_SRC);
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    const specifiers = runtimeSpecifiers(file);
    seen.set(file, specifiers);
    for (const s of specifiers) {
      const local = resolveLocal(file, s);
      if (local && !seen.has(local)) queue.push(local);
    }
  }
  return seen;
}

describe("the browser bundle", () => {
  const files = reached();

  it("reaches the server's shared modules (the walk follows @site/core)", () => {
    expect([...files.keys()].some((f) => f.endsWith("packages/core/src/util/email.ts"))).toBe(true);
  });

  it("imports no @aws-sdk package, directly or through @site/core", () => {
    const sdk = [...files].flatMap(([file, specifiers]) =>
      specifiers.filter((s) => s.startsWith("@aws-sdk/")).map((s) => `${file.slice(resolve(WEB_SRC, "../..").length + 1)} → ${s}`),
    );
    expect(sdk).toEqual([]);
  });
});
