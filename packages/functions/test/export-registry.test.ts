import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const REGISTRY = `${root}packages/core/src/exports/registry.ts`;

/**
 * The exports a process knows once it has loaded one handler and nothing else, as a deployed
 * function's own bundle does: a fresh Node process (the tests share their modules, so only a new
 * process shows what one handler loads by itself).
 */
function exportsKnownTo(handler: string): string[] {
  const script = `await import(${JSON.stringify(`${root}packages/functions/src/${handler}`)});
const { exportNames } = await import(${JSON.stringify(REGISTRY)});
process.stdout.write(JSON.stringify(exportNames()));`;
  const out = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  });
  return JSON.parse(out) as string[];
}

describe("a function that serves exports, in a bundle of its own", () => {
  it.each(["http/admin-export-start.ts", "http/admin-export-download.ts", "events/export-job.ts"])(
    "%s knows every kind's export, the product's and those of the kinds made by defineKind",
    (handler) => {
      const names = exportsKnownTo(handler);
      expect(names).toEqual(expect.arrayContaining(["signatures", "leads", "subscribers", "reports", "reports-json", "scam-alert-corrections"]));
    },
    30_000,
  );
});
