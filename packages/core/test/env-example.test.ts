import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SETTING_NAMES } from "../src/config";

/** The names `.env.example` documents, set or commented out (`NAME=` or `# NAME=` at a line's start). */
function documented(): Set<string> {
  const text = readFileSync(join(__dirname, "../../../.env.example"), "utf8");
  return new Set([...text.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));
}

describe(".env.example", () => {
  it("documents every setting the config schema reads", () => {
    const names = documented();
    expect(SETTING_NAMES.length).toBeGreaterThan(30);
    expect(SETTING_NAMES.filter((name) => !names.has(name))).toEqual([]);
  });
});
