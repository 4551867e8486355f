import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { resetSettings } from "@site/core/config";
import { resetDb } from "@site/core/db/client";
import { installLocalBus } from "../local/bus";
import { repoRoot } from "../local/paths";
import { LOCAL_REGION } from "../local/provision";
import { localDrivers, TABLE_NAME } from "../local/stack";
import { localSecrets } from "../local/secrets";

/**
 * Points this process at the running `npm start` stack, as its jobs see it: DynamoDB Local on
 * DYNAMODB_PORT, the data directory's outbox and sheets, the site's address for links, and an
 * in-process bus delivering to the same subscribers. The caller awaits `bus.idle()` before exiting.
 */
export function useLocalStack(): ReturnType<typeof installLocalBus> {
  if (existsSync(join(repoRoot, ".env"))) process.loadEnvFile(join(repoRoot, ".env"));
  const env = process.env;
  const dataDir = resolve(repoRoot, env.DATA_DIR ?? ".data");
  Object.assign(env, {
    TABLE_NAME,
    AWS_REGION: LOCAL_REGION,
    DYNAMODB_ENDPOINT: `http://127.0.0.1:${env.DYNAMODB_PORT ?? 8000}`,
    ...localDrivers(dataDir),
    ...localSecrets(dataDir),
    SITE_URL: env.SITE_URL ?? `http://localhost:${env.PORT ?? 3000}`,
  });
  env.ADMIN_NOTIFY_RECIPIENTS ||= env.LOCAL_ADMIN_EMAIL ?? "admin@example.org";
  resetSettings();
  resetDb();
  return installLocalBus();
}

/** The message for a job that failed: a hint when the local stack is not running. */
export function failureMessage(err: unknown, local: boolean): string {
  const message = (err as Error).message;
  return local && /ECONNREFUSED|fetch failed/.test(String((err as Error).stack ?? message))
    ? "DynamoDB Local is not reachable. Is the local stack running (npm start)?"
    : message;
}
