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
import { parseArgs } from "node:util";
import { Outbox } from "@site/core/outbox";
import { failureMessage, useLocalStack } from "./local-table";

const { values } = parseArgs({
  options: { local: { type: "boolean", default: false }, "grace-seconds": { type: "string" } },
});
const graceSeconds = values["grace-seconds"] === undefined ? Outbox.DEFAULT_GRACE_MS / 1000 : Number(values["grace-seconds"]);
if (!Number.isFinite(graceSeconds) || graceSeconds < 0) {
  console.error(`--grace-seconds must be a number ≥ 0, got ${values["grace-seconds"]}`);
  process.exit(2);
}

let bus: ReturnType<typeof useLocalStack> | undefined;
if (values.local) {
  bus = useLocalStack();
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
  console.error(failureMessage(err, values.local));
  process.exit(1);
}
