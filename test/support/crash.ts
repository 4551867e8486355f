import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import { join } from "node:path";
import { repoRoot } from "../../scripts/local/paths";

/** The exit code of test/support/write-then-die.ts: it died right after its write committed. */
export const DIED_AFTER_COMMIT = 42;

/**
 * Runs test/support/write-then-die.ts in a child process with this process's settings: a guide form
 * (`lead`, the form's name) or a signing (`sign`, the petition's id) that dies once its write committed.
 */
export function writeThenDie(what: "lead" | "sign", target: string, body: unknown): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, ["--import", "tsx", join(repoRoot, "test/support/write-then-die.ts"), what, target, JSON.stringify(body)], {
    cwd: repoRoot,
    env: process.env,
    encoding: "utf8",
    timeout: 60_000,
  });
}
