/**
 * `npm run job:person-index-backfill`: gives the records written before the person index (gsi3)
 * existed their index keys, once (packages/core/src/migrations/person-index-backfill.ts: one
 * paginated scan, conditional updates). Safe to run again: it updates only what still lacks them.
 * Run it once per stage after deploying the index, before relying on data-deletion requests.
 *
 *   npm run job:person-index-backfill -- --local
 *       the running `npm start` stack (DynamoDB Local on DYNAMODB_PORT)
 *   TABLE_NAME=… npm run job:person-index-backfill
 *       a deployed stage's table (AWS credentials from the environment, with dynamodb:Scan and UpdateItem)
 */
import { parseArgs } from "node:util";
import { backfillPersonIndex, type BackfillCounts } from "@site/core/migrations/person-index-backfill";
import { failureMessage, useLocalStack } from "./local-table";

const { values } = parseArgs({ options: { local: { type: "boolean", default: false } } });

if (values.local) useLocalStack();
else if (!process.env.TABLE_NAME) {
  console.error("Say where: --local for the running local stack, or TABLE_NAME of a deployed stage.");
  process.exit(2);
}

const describe = (updated: BackfillCounts) =>
  Object.entries(updated)
    .map(([kind, n]) => `${n} ${kind}`)
    .join(", ") || "nothing";

try {
  const result = await backfillPersonIndex((progress) => {
    if (process.stdout.isTTY) process.stdout.write(`\rscanned ${progress.scanned} item(s), indexed ${describe(progress.updated)}   `);
  });
  if (process.stdout.isTTY) process.stdout.write("\n");
  console.log(`Scanned ${result.scanned} item(s); indexed ${describe(result.updated)}; left ${result.skipped} alone (no address, or indexed meanwhile).`);
  process.exit(0);
} catch (err) {
  console.error(failureMessage(err, values.local));
  process.exit(1);
}
