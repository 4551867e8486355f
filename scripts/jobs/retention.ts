/**
 * `npm run retention`: runs the retention job once (what the daily cron and
 * `npm start`'s daily timer do): guide submissions and scam reports past their retention deleted
 * with their evidence, old signatures anonymised, expired unconfirmed subscribers removed, the run
 * audited, and the spreadsheet tabs that held changed rows rewritten.
 *
 *   npm run retention
 *       the running `npm start` stack (DynamoDB Local on DYNAMODB_PORT, s3rver on S3_PORT, the
 *       spreadsheet files in DATA_DIR/sheets)
 *   TABLE_NAME=… BUCKET_NAME=… npm run retention -- --deployed
 *       a deployed stage (AWS credentials from the environment); its spreadsheet is rewritten when
 *       GOOGLE_SERVICE_ACCOUNT and GOOGLE_SHEETS_SPREADSHEET_ID are set, else the sync is skipped
 */
import { parseArgs } from "node:util";
import { resetSettings } from "@site/core/config";
import { Evidence } from "@site/core/evidence";
import { describeRun, runRetention } from "@site/core/privacy/retention-job";
import { BUCKET_NAME } from "../local/stack";
import { failureMessage, useLocalStack } from "./local-table";

const { values } = parseArgs({ options: { local: { type: "boolean", default: false }, deployed: { type: "boolean", default: false } } });

if (values.local && values.deployed) {
  console.error("Say one place: the local stack (the default, or --local) or --deployed.");
  process.exit(2);
}
const local = !values.deployed;
let bus: ReturnType<typeof useLocalStack> | undefined;
if (local) {
  bus = useLocalStack();
  Object.assign(process.env, { BUCKET_NAME, S3_ENDPOINT: `http://127.0.0.1:${process.env.S3_PORT ?? 4569}` });
  resetSettings();
  Evidence.resetS3();
} else if (!process.env.TABLE_NAME || !process.env.BUCKET_NAME) {
  console.error("--deployed needs the stage's TABLE_NAME and BUCKET_NAME (and AWS credentials) in the environment.");
  process.exit(2);
}

try {
  const result = await runRetention(new Date());
  await bus?.idle();
  console.log(`Retention ran: ${describeRun(result)}.`);
  const { synced, failed, skipped } = result.sheets;
  if (synced.length) console.log(`Spreadsheet tabs rewritten: ${synced.join(", ")}.`);
  if (skipped) console.log(`Spreadsheet sync skipped: ${skipped}.`);
  if (failed.length) console.log(`Spreadsheet sync failed for: ${failed.join(", ")} (see the log).`);
  process.exit(failed.length ? 1 : 0);
} catch (err) {
  console.error(failureMessage(err, local));
  process.exit(1);
}
