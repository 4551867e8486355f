import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { afterAll, inject, vi } from "vitest";
import { stopAllLocalStreams } from "../../scripts/local/streams";
import { resetSettings } from "@site/core/config";
import { resetDb } from "@site/core/db/client";

/**
 * Points core at the shared emulators. Each test file gets its own outbox, sheets directory and
 * default petition id so files running in parallel never see each other's mail, files or counts. A
 * file's stand-in for the table's stream (installed with its local bus) sees only its own process's
 * writes (scripts/local/write-stream.ts), and stops when the file is done.
 *
 * The files of one worker share its process (vitest.config.ts: no isolation, so the AWS SDK and the
 * rest of node_modules load once per worker, not once per file), so each file starts as if alone:
 * the environment as the worker began it, and the project's own modules (core's caches, clients and
 * settings) loaded afresh once the file before is done.
 */
type Pristine = { pristineEnv?: Record<string, string | undefined> };
const pristine = ((globalThis as Pristine).pristineEnv ??= { ...process.env });
for (const name of Object.keys(process.env)) if (!(name in pristine)) delete process.env[name];
Object.assign(process.env, pristine);
// what an earlier file of this process left watching (a test that failed before its end)
stopAllLocalStreams();
const e = inject("emulators");
afterAll(async () => {
  stopAllLocalStreams();
  // a module import a test started must finish before the reset, or the next file gets it cached
  await vi.dynamicImportSettled();
  vi.unstubAllEnvs();
  vi.resetModules();
});
Object.assign(process.env, {
  TABLE_NAME: e.tableName,
  AWS_REGION: "us-east-1",
  DYNAMODB_ENDPOINT: e.dynamodb,
  S3_ENDPOINT: e.s3,
  MAIL_DRIVER: "outbox",
  OUTBOX_DIR: join(e.dataDir, "outbox", randomUUID()),
  BUS_DRIVER: "local",
  // the stand-in for GuardDuty's malware scan of evidence (evidence/local-scanner.ts)
  MALWARE_SCAN_DRIVER: "local",
  SHEETS_DRIVER: "local",
  SHEETS_DIR: join(e.dataDir, "sheets", randomUUID()),
  SHEETS_SYNC_DEBOUNCE_MS: "150",
  USER_POOL_ID: e.userPoolId,
  USER_POOL_CLIENT_ID: e.clientId,
  USER_POOL_ENDPOINT: e.cognito,
  DEFAULT_PETITION_ID: `default-${randomUUID().slice(0, 8)}`,
  ADMIN_NOTIFY_RECIPIENTS: "admins@example.org",
  SITE_URL: "http://localhost:3000",
  MAIL_FROM: "petitions@example.org",
  // the mail budget's rate (mail/budget.ts): the outbox's, not SES's; tests that are about pacing set their own
  MAIL_RATE_PER_SECOND: "1000",
  // every test address is at example.com, one domain for all files: the domain brake
  // (mail/domain-brake.ts) is tested with its own allowance in domain-brake.test.ts
  MAIL_DOMAIN_ALLOWANCE_PER_HOUR: "1000000",
  MAIL_NETWORK_ALLOWANCE_PER_HOUR: "1000000",
  // a test file makes more scam reports and guide requests in an hour than the administrators' notices
  // allow one by one (mail/notice-digest.ts); notice-digest.test.ts tests the allowance with its own
  ADMIN_NOTICES_PER_HOUR: "100000",
  // a stream consumer's batching window, shortened: a test waits for one signer's e-mail, not for a batch to fill
  LOCAL_STREAM_WINDOW_MS: "50",
  // What CloudFront (or the local server) proves itself with; see viaCloudFront in ./http.
  ORIGIN_SECRET: `test-${randomUUID()}`,
  // Signs the withdraw links of signers' e-mails (signature/withdraw-link.ts).
  LINK_SIGNING_SECRET: `test-${randomUUID()}`,
  // Keys the hash naming a person in the audit trail (db/person-index.ts).
  AUDIT_HASH_KEY: `test-${randomUUID()}`,
});
delete process.env.CAPTCHA_SECRET;
resetSettings();
resetDb();
