/**
 * `npm run job:kept-person-rekey`: moves the suppression list's entries and the deletion requests
 * written before the kept (keyed) person hash to it, once (packages/core/src/migrations/kept-person-rekey.ts:
 * one paginated scan, conditional transactions). Safe to run again: it re-keys only what still holds
 * the plain hash. Run it once per stage right after the deploy that keys them; until then SES's
 * account-level suppression list is the only one that knows the addresses suppressed before.
 *
 *   npm run job:kept-person-rekey -- --local
 *       the running `npm start` stack (DynamoDB Local on DYNAMODB_PORT, the data directory's AUDIT_HASH_KEY)
 *   TABLE_NAME=… AUDIT_HASH_KEY=… npm run job:kept-person-rekey
 *       a deployed stage's table and its AUDIT_HASH_KEY (`npx sst secrets get AUDIT_HASH_KEY --stage <stage>`;
 *       AWS credentials from the environment, with dynamodb:Scan, GetItem, PutItem, UpdateItem and DeleteItem)
 */
import { parseArgs } from "node:util";
import { rekeyKeptPersons, type RekeyResult } from "@site/core/migrations/kept-person-rekey";
import { failureMessage, useLocalStack } from "./local-table";

const { values } = parseArgs({ options: { local: { type: "boolean", default: false } } });

if (values.local) useLocalStack();
else if (!process.env.TABLE_NAME || !process.env.AUDIT_HASH_KEY) {
  console.error("Say where: --local for the running local stack, or TABLE_NAME and AUDIT_HASH_KEY of a deployed stage.");
  process.exit(2);
}

const describe = ({ rekeyed, merged }: RekeyResult) => `${rekeyed.suppression} suppression(s), ${rekeyed.privacyRequest} deletion request(s), merged ${merged}`;

try {
  const result = await rekeyKeptPersons((progress) => {
    if (process.stdout.isTTY) process.stdout.write(`\rscanned ${progress.scanned} item(s), re-keyed ${describe(progress)}   `);
  });
  if (process.stdout.isTTY) process.stdout.write("\n");
  console.log(
    `Scanned ${result.scanned} item(s); re-keyed ${describe(result)}; left ${result.skipped} alone (gone, re-keyed meanwhile, or changed under the move: run again).`,
  );
  process.exit(0);
} catch (err) {
  console.error(failureMessage(err, values.local));
  process.exit(1);
}
