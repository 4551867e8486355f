import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { startCognito, startDynamo, startS3 } from "../../scripts/local/emulators";
import { freePort } from "../../scripts/local/ports";
import { ensureTable, ensureUserPool } from "../../scripts/local/provision";
import { BUCKET_NAME, TABLE_NAME } from "../../scripts/local/stack";

export interface Emulators {
  dynamodb: string;
  s3: string;
  cognito: string;
  tableName: string;
  userPoolId: string;
  clientId: string;
  dataDir: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    emulators: Emulators;
  }
}

/** Real DynamoDB Local, s3rver and cognito-local on free ports, shared by the integration tests. */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), "timeshare-test-"));
  const [dynamo, s3, cognito] = await Promise.all([
    freePort().then((p) => startDynamo(p)),
    freePort().then((p) => startS3(p, join(dataDir, "s3"), [BUCKET_NAME])),
    freePort().then((p) => startCognito(p, join(dataDir, "cognito"))),
  ]);
  // no stream: a test process's stand-in for it is its own writes (scripts/local/write-stream.ts)
  await ensureTable(dynamo.url, TABLE_NAME, { stream: false });
  const pool = await ensureUserPool(cognito.url, "timeshare-test");
  project.provide("emulators", {
    dynamodb: dynamo.url,
    s3: s3.url,
    cognito: cognito.url,
    tableName: TABLE_NAME,
    userPoolId: pool.userPoolId,
    clientId: pool.clientId,
    dataDir,
  });
  return async () => {
    await Promise.all([dynamo.stop(), s3.stop(), cognito.stop()]);
    rmSync(dataDir, { recursive: true, force: true });
  };
}
