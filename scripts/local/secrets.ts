import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const FILE = "local-secrets.json";

/**
 * The secrets the local stack needs that a stage keeps as SST secrets, made once per data directory
 * and kept there (never in git), so links e-mailed to the local outbox still work after a restart.
 * A value set in the environment (.env) wins.
 */
export function localSecrets(dataDir: string, env: NodeJS.ProcessEnv = process.env): { LINK_SIGNING_SECRET: string } {
  if (env.LINK_SIGNING_SECRET) return { LINK_SIGNING_SECRET: env.LINK_SIGNING_SECRET };
  const file = join(dataDir, FILE);
  const kept = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as { LINK_SIGNING_SECRET?: string }) : {};
  if (kept.LINK_SIGNING_SECRET) return { LINK_SIGNING_SECRET: kept.LINK_SIGNING_SECRET };
  const made = { ...kept, LINK_SIGNING_SECRET: randomBytes(32).toString("base64url") };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(made, null, 2), { mode: 0o600 });
  return { LINK_SIGNING_SECRET: made.LINK_SIGNING_SECRET };
}
