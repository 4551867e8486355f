import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const FILE = "local-secrets.json";

/** The secrets a stage keeps as SST secrets that the local stack makes for itself. */
const NAMES = [
  // signs the links e-mailed to signers (withdraw a signature)
  "LINK_SIGNING_SECRET",
  // keys the hash naming a person in the audit trail
  "AUDIT_HASH_KEY",
] as const;
export type LocalSecrets = Record<(typeof NAMES)[number], string>;

/**
 * The secrets the local stack needs that a stage keeps as SST secrets, made once per data directory
 * and kept there (never in git), so links e-mailed to the local outbox still work after a restart
 * and the audit trail names a person the same way. A value set in the environment (.env) wins.
 */
export function localSecrets(dataDir: string, env: NodeJS.ProcessEnv = process.env): LocalSecrets {
  const file = join(dataDir, FILE);
  const kept = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Partial<LocalSecrets>) : {};
  const missing = NAMES.filter((name) => !env[name] && !kept[name]);
  if (missing.length) {
    for (const name of missing) kept[name] = randomBytes(32).toString("base64url");
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(kept, null, 2), { mode: 0o600 });
  }
  return Object.fromEntries(NAMES.map((name) => [name, env[name] || kept[name]!])) as LocalSecrets;
}
