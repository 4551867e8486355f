import { randomUUID } from "node:crypto";
import { resetSettings } from "@site/core/config";
import { resetDb } from "@site/core/db/client";
import { ensureTable } from "../../scripts/local/provision";

/**
 * Points core at a fresh table of the calling test file's own on the shared DynamoDB Local, so
 * table-wide reads (a full scan, the outbox sweep, "all petitions") see only that file's writes
 * while other files run in parallel. test/support/env.ts points the next file back.
 */
export async function useOwnTable(prefix: string): Promise<string> {
  const name = `${prefix}-${randomUUID().slice(0, 8)}`;
  await ensureTable(process.env.DYNAMODB_ENDPOINT!, name, { stream: false });
  process.env.TABLE_NAME = name;
  resetSettings();
  resetDb();
  return name;
}
