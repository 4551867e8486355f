/**
 * `npm run job:order-keys-backfill`: gives the admin index rows written before the order indexes
 * (byO1…byO9) or the name-search indexes (byS1…byS6, packages/core/src/db/indexes.ts) their order,
 * name and search keys (`oN`, `sN`/`wN`), once, so sorted pages and name searches find them
 * (collection/define.ts `backfillOrderKeys`: each collection's rows a page at a time, conditional
 * updates). Safe to run again: it updates only what still lacks them. Run it once per stage after a
 * deploy adds the indexes to an existing table; a new table needs none.
 *
 *   npm run job:order-keys-backfill -- --local
 *       the running `npm start` stack (DynamoDB Local on DYNAMODB_PORT)
 *   TABLE_NAME=… npm run job:order-keys-backfill
 *       a deployed stage's table (AWS credentials from the environment, with dynamodb:Query and UpdateItem)
 */
import { parseArgs } from "node:util";
import { LeadListing } from "@site/core/lead/listing";
import { SubscriberListing } from "@site/core/newsletter/listing";
import { PrivacyListing } from "@site/core/privacy/listing";
import { ReportListing } from "@site/core/report/listing";
import { SignatureListing } from "@site/core/signature/listing";
import { failureMessage, useLocalStack } from "./local-table";

const { values } = parseArgs({ options: { local: { type: "boolean", default: false } } });

if (values.local) useLocalStack();
else if (!process.env.TABLE_NAME) {
  console.error("Say where: --local for the running local stack, or TABLE_NAME of a deployed stage.");
  process.exit(2);
}

const COLLECTIONS = [SignatureListing.signatures, ReportListing.reports, LeadListing.leads, SubscriberListing.subscribers, PrivacyListing.requests];

try {
  for (const collection of COLLECTIONS) {
    const result = await collection.backfillOrderKeys((progress) => {
      if (process.stdout.isTTY) process.stdout.write(`\r${collection.name}: read ${progress.read} row(s), updated ${progress.updated}   `);
    });
    if (process.stdout.isTTY) process.stdout.write("\n");
    console.log(`${collection.name}: read ${result.read} index row(s), gave ${result.updated} their order and search keys.`);
  }
  process.exit(0);
} catch (err) {
  console.error(failureMessage(err, values.local));
  process.exit(1);
}
