/**
 * `npm run job:count-backfill`: sets the count cards' counters of newsletter subscribers and of
 * data-deletion requests from their index rows, read a page at a time (newsletter/counts.ts,
 * privacy/counts.ts). Run it once per stage after deploying the counters (a table from before them
 * has none), or to repair them; writes to those lists while it runs may be missed, so run it while quiet.
 *
 *   npm run job:count-backfill -- --local
 *       the running `npm start` stack (DynamoDB Local on DYNAMODB_PORT)
 *   TABLE_NAME=… npm run job:count-backfill
 *       a deployed stage's table (AWS credentials from the environment, with dynamodb:Query, UpdateItem and BatchWriteItem)
 */
import { parseArgs } from "node:util";
import { recount as recountSubscribers } from "@site/core/newsletter/counts";
import { recount as recountRequests } from "@site/core/privacy/counts";
import { failureMessage, useLocalStack } from "./local-table";

const { values } = parseArgs({ options: { local: { type: "boolean", default: false } } });

if (values.local) useLocalStack();
else if (!process.env.TABLE_NAME) {
  console.error("Say where: --local for the running local stack, or TABLE_NAME of a deployed stage.");
  process.exit(2);
}

try {
  const subscribers = await recountSubscribers();
  const requests = await recountRequests();
  console.log(`Counted ${subscribers} subscriber(s) and ${requests} data-deletion request(s); their counters are set.`);
  process.exit(0);
} catch (err) {
  console.error(failureMessage(err, values.local));
  process.exit(1);
}
