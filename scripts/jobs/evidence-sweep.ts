/**
 * `npm run job:evidence-sweep`: deletes, once, the evidence uploads that no report claimed within
 * a day (what `npm start`'s hourly timer does; deployed, the bucket's lifecycle rule does it, so
 * there is no cron).
 *
 *   npm run job:evidence-sweep -- --local [--older-than-hours 24]
 *       the running `npm start` stack (s3rver on S3_PORT)
 *   BUCKET_NAME=… npm run job:evidence-sweep
 *       a deployed stage's bucket (AWS credentials from the environment)
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { resetSettings } from "@site/core/config";
import { Evidence } from "@site/core/evidence";
import { repoRoot } from "../local/paths";
import { LOCAL_REGION } from "../local/provision";
import { BUCKET_NAME } from "../local/stack";

const { values } = parseArgs({
  options: { local: { type: "boolean", default: false }, "older-than-hours": { type: "string" } },
});
const hours = values["older-than-hours"] === undefined ? Evidence.UNCLAIMED_UPLOAD_MAX_AGE_MS / 3_600_000 : Number(values["older-than-hours"]);
if (!Number.isFinite(hours) || hours < 0) {
  console.error(`--older-than-hours must be a number ≥ 0, got ${values["older-than-hours"]}`);
  process.exit(2);
}

if (values.local) {
  if (existsSync(join(repoRoot, ".env"))) process.loadEnvFile(join(repoRoot, ".env"));
  const env = process.env;
  Object.assign(env, { BUCKET_NAME, AWS_REGION: LOCAL_REGION, S3_ENDPOINT: `http://127.0.0.1:${env.S3_PORT ?? 4569}` });
  resetSettings();
} else if (!process.env.BUCKET_NAME) {
  console.error("Say where: --local for the running local stack, or BUCKET_NAME of a deployed stage.");
  process.exit(2);
}

try {
  const deleted = await Evidence.sweepUploads({ olderThanMs: hours * 3_600_000 });
  console.log(`Deleted ${deleted} unclaimed upload(s) older than ${hours} hour(s).`);
  process.exit(0);
} catch (err) {
  const message = (err as Error).message;
  console.error(
    values.local && /ECONNREFUSED|fetch failed/.test(String((err as Error).stack ?? message))
      ? "s3rver is not reachable. Is the local stack running (npm start)?"
      : message,
  );
  process.exit(1);
}
