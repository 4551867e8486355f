import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import { join, resolve } from "node:path";
import { resetSettings } from "@site/core/config";
import { resetDb } from "@site/core/db/client";
import { localAuthorizer } from "./auth";
import { installLocalBus, type LocalBus } from "./bus";
import { startLocalSchedules } from "./schedules";
import { startCognito, startDynamo, startS3, type Emulator } from "./emulators";
import { freePort } from "./ports";
import { ensureTable, ensureUser, ensureUserPool, LOCAL_REGION, type UserPool } from "./provision";
import { seedDefaultPetition } from "./seed";
import { migrateSignatureLayout } from "@site/core/migrations/signature-layout";
import { apiBusy, createLocalServer, type LocalServerOptions } from "./server";
import { repoRoot } from "./paths";
import { localSecrets } from "./secrets";

export interface StackOptions {
  /** Where emulators keep their data; `.data` for `npm start`, a temp dir for tests. */
  dataDir: string;
  /** DynamoDB Local keeps data in memory (tests) instead of `<dataDir>/dynamodb`. */
  inMemory?: boolean;
  /** 0 picks a free port. */
  ports: { http: number; dynamodb: number; s3: number; cognito: number };
  /** Site origin as visitors see it (share links in e-mails). */
  siteUrl?: string;
  admin: { email: string };
  devMiddleware?: LocalServerOptions["devMiddleware"];
  onProgress?: (step: string) => void;
}

export interface LocalStack {
  url: string;
  outboxDir: string;
  dynamodb: string;
  s3: string;
  cognito: string;
  userPool: UserPool;
  admin: { email: string; password: string };
  defaultPetitionId: string;
  bus: LocalBus;
  stop(): Promise<void>;
}

export const TABLE_NAME = "timeshare-local";
export const BUCKET_NAME = "evidence";
const USER_POOL_NAME = "timeshare-local";

/** Where the local stack's adapters write instead of SES, EventBridge and Google (also used by scripts/jobs). */
export const localDrivers = (dataDir: string) => ({
  MAIL_DRIVER: "outbox",
  OUTBOX_DIR: join(dataDir, "outbox"),
  BUS_DRIVER: "local",
  // GuardDuty's malware scan of evidence: a stand-in that flags the EICAR test file (evidence/local-scanner.ts)
  MALWARE_SCAN_DRIVER: "local",
  // "Sync to Sheet" writes CSV files here instead of calling Google.
  SHEETS_DRIVER: "local",
  SHEETS_DIR: join(dataDir, "sheets"),
});

const pick = async (port: number) => (port === 0 ? freePort() : port);

/**
 * LOCAL_BUS_RETRY_DELAYS_MS ("100,200,400,800"): the local bus's retry delays, for a test's stack that
 * waits for a delivery to give up (default: the bus's own, about 14 s in all).
 */
function retryDelaysFromEnv(): number[] | undefined {
  const delays = process.env.LOCAL_BUS_RETRY_DELAYS_MS?.split(",").map(Number);
  return delays?.length && delays.every((ms) => Number.isInteger(ms) && ms >= 0) ? delays : undefined;
}

/** The local admin's password is made once per data directory and kept there (never in git). */
function localAdminPassword(dataDir: string): string {
  const file = join(dataDir, "local-admin.json");
  if (existsSync(file)) return (JSON.parse(readFileSync(file, "utf8")) as { password: string }).password;
  const password = `Local-${randomBytes(9).toString("base64url")}1!`;
  writeFileSync(file, JSON.stringify({ password }, null, 2), { mode: 0o600 });
  return password;
}

/** Starts emulators, provisions and seeds them, and serves site + API from the route table. */
export async function startLocalStack(opts: StackOptions): Promise<LocalStack> {
  const progress = opts.onProgress ?? (() => {});
  const dataDir = resolve(opts.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const started: Emulator[] = [];
  let server: Server | undefined;
  let timers: { stop(): void } | undefined;
  let bus: LocalBus | undefined;
  const stop = async () => {
    timers?.stop();
    bus?.stop();
    if (server) await new Promise<void>((r) => server!.close(() => r()));
    await Promise.all(started.map((e) => e.stop()));
  };

  try {
    const [httpPort, dynamoPort, s3Port, cognitoPort] = await Promise.all([opts.ports.http, opts.ports.dynamodb, opts.ports.s3, opts.ports.cognito].map(pick));
    progress("starting DynamoDB Local, s3rver and cognito-local");
    const [dynamo, s3, cognito] = await Promise.all([
      startDynamo(dynamoPort, opts.inMemory ? undefined : join(dataDir, "dynamodb")),
      startS3(s3Port, join(dataDir, "s3"), [BUCKET_NAME]),
      startCognito(cognitoPort, join(dataDir, "cognito")),
    ]);
    started.push(dynamo, s3, cognito);

    progress("provisioning the table and the user pool");
    const [, userPool] = await Promise.all([ensureTable(dynamo.url, TABLE_NAME), ensureUserPool(cognito.url, USER_POOL_NAME)]);
    const url = `http://127.0.0.1:${httpPort}`;
    const outboxDir = join(dataDir, "outbox");

    Object.assign(process.env, {
      TABLE_NAME,
      BUCKET_NAME,
      AWS_REGION: LOCAL_REGION,
      DYNAMODB_ENDPOINT: dynamo.url,
      S3_ENDPOINT: s3.url,
      ...localDrivers(dataDir),
      ...localSecrets(dataDir),
      USER_POOL_ID: userPool.userPoolId,
      USER_POOL_CLIENT_ID: userPool.clientId,
      USER_POOL_ENDPOINT: cognito.url,
      SITE_URL: opts.siteUrl ?? process.env.SITE_URL ?? url,
    });
    process.env.ADMIN_NOTIFY_RECIPIENTS ||= opts.admin.email;
    // The mail budget paces for SES (14/s deployed); the local outbox is files, so it takes more unless told otherwise.
    process.env.MAIL_RATE_PER_SECOND ||= "100";
    resetSettings();
    resetDb();

    progress("seeding the default petition and the local admin");
    const admin = { email: opts.admin.email, password: localAdminPassword(dataDir) };
    const [petition] = await Promise.all([seedDefaultPetition(), ensureUser(cognito.url, userPool.userPoolId, { ...admin, admin: true })]);
    const migrated = await migrateSignatureLayout();
    if (Object.values(migrated).some(Boolean)) progress(`moved a table from before to the current signature layout: ${JSON.stringify(migrated)}`);

    // the table's real stream (one table: DynamoDB Local's streams are fine so)
    const localBus = installLocalBus({
      busy: apiBusy,
      stream: "table",
      streamCheckpointFile: join(dataDir, "stream-checkpoints.json"),
      retryDelaysMs: retryDelaysFromEnv(),
    });
    bus = localBus;
    timers = startLocalSchedules(() => !apiBusy() && localBus.backlog() === 0);
    server = createLocalServer({
      webDir: join(repoRoot, "web/dist"),
      outboxDir,
      bus: localBus,
      devMiddleware: opts.devMiddleware,
      authorizer: localAuthorizer({
        issuer: `${cognito.url}/${userPool.userPoolId}`,
        jwksUri: `${cognito.url}/${userPool.userPoolId}/.well-known/jwks.json`,
        clientId: userPool.clientId,
      }),
    });
    await new Promise<void>((r, reject) => server!.once("error", reject).listen(httpPort, "127.0.0.1", r));

    return {
      url,
      outboxDir,
      dynamodb: dynamo.url,
      s3: s3.url,
      cognito: cognito.url,
      userPool,
      admin,
      defaultPetitionId: petition.id,
      bus: localBus,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
