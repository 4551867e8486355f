import { readFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../../../test/support/imports";

/**
 * The keys of the kinds of personal record are written in one place: the prefixes below
 * appear in db/keys.ts and the kind descriptors (`<domain>/record-kind.ts`) only; everything else
 * builds and reads keys through `Keys` (keys.ts) or a descriptor.
 */
const ROOT = resolve(__dirname, "../../..");
const PREFIXES = ["PETITION#", "SIG#", "REPORT#", "LEAD#"];
const ALLOWED = (file: string) => file === "packages/core/src/db/keys.ts" || /^packages\/core\/src\/[a-z-]+\/record-kind\.ts$/.test(file);

const files = ["packages/core/src", "packages/functions/src", "web/src", "stacks"].flatMap((dir) => sourceFiles(resolve(ROOT, dir)));

describe("the key prefixes of personal records", () => {
  it("are read from the source it checks", () => {
    expect(files.length).toBeGreaterThan(200);
    expect(readFileSync(resolve(ROOT, "packages/core/src/db/keys.ts"), "utf8")).toContain("`SIG#");
  });

  it("appear only in db/keys.ts and the kind descriptors", () => {
    const found = files.flatMap((file) => {
      const path = relative(ROOT, file);
      if (ALLOWED(path)) return [];
      const text = readFileSync(file, "utf8");
      return PREFIXES.filter((prefix) => text.includes(prefix)).map((prefix) => `${path}: ${prefix}`);
    });
    expect(found).toEqual([]);
  });
});
