/**
 * `npm run job:mail-queue-drain`: drains the paced mail queue once, for up to a budget (what the
 * Schedules stack's cron and `npm start`'s timer do every minute), and says what is left.
 *
 *   npm run job:mail-queue-drain -- --local [--seconds 45]
 *       the running `npm start` stack: the e-mails land in its local outbox
 *   TABLE_NAME=… npm run job:mail-queue-drain
 *       a deployed stage (AWS credentials from the environment): sends through SES
 */
import { parseArgs } from "node:util";
import { MailDrain } from "@site/core/mail-drain";
import { MailQueue } from "@site/core/mail-queue";
import { failureMessage, useLocalStack } from "./local-table";

const { values } = parseArgs({ options: { local: { type: "boolean", default: false }, seconds: { type: "string", default: "45" } } });
const seconds = Number(values.seconds);
if (!Number.isFinite(seconds) || seconds <= 0) {
  console.error(`--seconds must be a number above 0, got ${values.seconds}`);
  process.exit(2);
}
if (values.local) useLocalStack();
else if (!process.env.TABLE_NAME) {
  console.error("Say where: --local for the running local stack, or TABLE_NAME of a deployed stage.");
  process.exit(2);
}

try {
  const result = await MailDrain.drain({ budgetMs: seconds * 1000 });
  if (!result.drained) console.log("Another drainer holds the queue's lease; it sends what waits.");
  else
    console.log(
      `Sent ${result.sent}, folded ${result.folded} notice(s) into ${result.digests} digest(s) sent, ${result.failed} failed (they wait for their next attempt).`,
    );
  console.log(`Waiting now: ${JSON.stringify(await MailQueue.pending())}`);
  process.exit(0);
} catch (err) {
  console.error(failureMessage(err, values.local));
  process.exit(1);
}
