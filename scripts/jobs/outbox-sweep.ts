/**
 * `npm run job:outbox-sweep`: publishes again, once, every outbox item older than the grace period
 * (what the Schedules stack's cron and `npm start`'s timer do every minute).
 *
 *   npm run job:outbox-sweep -- --local [--grace-seconds 60]
 *       the running `npm start` stack (DynamoDB Local on DYNAMODB_PORT, data in DATA_DIR); the
 *       events are delivered by an in-process bus to the same subscribers, so their e-mails land
 *       in the local outbox
 *   TABLE_NAME=… EVENT_BUS_NAME=… npm run job:outbox-sweep
 *       a deployed stage (AWS credentials from the environment): publishes to its EventBridge bus
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { resetSettings } from "@site/core/config";
import { resetDb } from "@site/core/db/client";
import { Outbox } from "@site/core/outbox";
import { installLocalBus } from "../local/bus";
import { repoRoot } from "../local/paths";
import { LOCAL_REGION } from "../local/provision";
import { localDrivers, TABLE_NAME } from "../local/stack";

const { values } = parseArgs({
  options: { local: { type: "boolean", default: false }, "grace-seconds": { type: "string" } },
});
const graceSeconds = values["grace-seconds"] === undefined ? Outbox.DEFAULT_GRACE_MS / 1000 : Number(values["grace-seconds"]);
if (!Number.isFinite(graceSeconds) || graceSeconds < 0) {
  console.error(`--grace-seconds must be a number ≥ 0, got ${values["grace-seconds"]}`);
  process.exit(2);
}

let bus: ReturnType<typeof installLocalBus> | undefined;
if (values.local) {
  if (existsSync(join(repoRoot, ".env"))) process.loadEnvFile(join(repoRoot, ".env"));
  const env = process.env;
  const dataDir = resolve(repoRoot, env.DATA_DIR ?? ".data");
  Object.assign(env, {
    TABLE_NAME,
    AWS_REGION: LOCAL_REGION,
    DYNAMODB_ENDPOINT: `http://127.0.0.1:${env.DYNAMODB_PORT ?? 8000}`,
    ...localDrivers(dataDir),
    SITE_URL: env.SITE_URL ?? `http://localhost:${env.PORT ?? 3000}`,
  });
  env.ADMIN_NOTIFY_RECIPIENTS ||= env.LOCAL_ADMIN_EMAIL ?? "admin@example.org";
  resetSettings();
  resetDb();
  bus = installLocalBus();
} else if (!process.env.TABLE_NAME) {
  console.error("Say where: --local for the running local stack, or TABLE_NAME and EVENT_BUS_NAME of a deployed stage.");
  process.exit(2);
}

try {
  const result = await Outbox.sweep({ graceMs: graceSeconds * 1000 });
  await bus?.idle();
  console.log(`Republished ${result.republished} event(s)${result.failed ? `, ${result.failed} refused by the bus (see the log)` : ""}.`);
  if (bus?.failures.length) console.log(`${bus.failures.length} delivery(ies) gave up: ${JSON.stringify(bus.failures)}`);
  process.exit(result.failed || bus?.failures.length ? 1 : 0);
} catch (err) {
  const message = (err as Error).message;
  console.error(values.local && /ECONNREFUSED|fetch failed/.test(String((err as Error).stack ?? message)) ? "DynamoDB Local is not reachable. Is the local stack running (npm start)?" : message);
  process.exit(1);
}
