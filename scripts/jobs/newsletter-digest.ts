/**
 * `npm run job:newsletter-digest`: sends, once, the administrators' digest of the newsletter
 * subscribers confirmed since the last one (spec template 18; what the daily cron and `npm start`'s
 * daily timer do).
 *
 *   npm run job:newsletter-digest -- --local
 *       the running `npm start` stack: the digest lands in the local outbox (.data/outbox)
 *   TABLE_NAME=… MAIL_FROM=… ADMIN_NOTIFY_RECIPIENTS=… npm run job:newsletter-digest
 *       a deployed stage (AWS credentials from the environment): sent through SES
 */
import { parseArgs } from "node:util";
import { Newsletter } from "@site/core/newsletter";
import { failureMessage, useLocalStack } from "./local-table";

const { values } = parseArgs({ options: { local: { type: "boolean", default: false } } });

if (values.local) useLocalStack();
else if (!process.env.TABLE_NAME) {
  console.error("Say where: --local for the running local stack, or TABLE_NAME (and the mail settings) of a deployed stage.");
  process.exit(2);
}

try {
  const result = await Newsletter.sendDigest();
  const window = `${result.from} to ${result.until}`;
  console.log(
    result.sent
      ? `Sent the digest of ${result.subscribers} new subscriber(s), ${window}.`
      : `Nothing to send: ${result.subscribers} new subscriber(s), ${window}.`,
  );
  process.exit(0);
} catch (err) {
  console.error(failureMessage(err, values.local));
  process.exit(1);
}
