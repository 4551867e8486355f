/**
 * `npm run job:scam-identifiers-backfill`: gives the reports stored before the identifier index
 * existed their identifier items, once (packages/core/src/migrations/scam-identifiers.ts: every
 * report, newest first, one conditional transaction each). Safe to run again: it writes the same
 * items. Then every report, oldest first, is proposed into a case as a new one would be
 * (migrations/scam-proposals.ts). Run it once per stage after deploying the index, before relying on
 * the case proposals and the scam-alert lookups for older reports.
 *
 *   npm run job:scam-identifiers-backfill -- --local
 *       the running `npm start` stack (DynamoDB Local on DYNAMODB_PORT)
 *   TABLE_NAME=… npm run job:scam-identifiers-backfill
 *       a deployed stage's table (AWS credentials from the environment, with dynamodb:Query, UpdateItem and PutItem)
 */
import { parseArgs } from "node:util";
import { backfillScamIdentifiers } from "@site/core/migrations/scam-identifiers";
import { proposeStoredReports } from "@site/core/migrations/scam-proposals";
import { failureMessage, useLocalStack } from "./local-table";

const { values } = parseArgs({ options: { local: { type: "boolean", default: false } } });

if (values.local) useLocalStack();
else if (!process.env.TABLE_NAME) {
  console.error("Say where: --local for the running local stack, or TABLE_NAME of a deployed stage.");
  process.exit(2);
}

try {
  const result = await backfillScamIdentifiers((progress) => {
    if (process.stdout.isTTY) process.stdout.write(`\rread ${progress.reports} report(s), indexed ${progress.indexed}   `);
  });
  if (process.stdout.isTTY) process.stdout.write("\n");
  console.log(
    `Read ${result.reports} report(s); wrote ${result.identifiers} identifier item(s) for ${result.indexed}; ` +
      `left ${result.skipped} alone (no identifier, or deleted meanwhile).`,
  );
  const placed = await proposeStoredReports((read) => {
    if (process.stdout.isTTY) process.stdout.write(`\rplaced ${read} report(s)   `);
  });
  if (process.stdout.isTTY) process.stdout.write("\n");
  console.log(`Placed ${placed.reports} report(s) into case proposals: ${placed.proposed} joined or started one.`);
  process.exit(0);
} catch (err) {
  console.error(failureMessage(err, values.local));
  process.exit(1);
}
