import { randomUUID } from "node:crypto";
import { resetSettings } from "@site/core/config";
import { resetDb } from "@site/core/db/client";
import { ensureTable } from "../../scripts/local/provision";

/**
 * Points core at a fresh table of its own on the shared DynamoDB Local. For tests that sweep
 * table-wide state (the outbox), so events of files running in parallel are never theirs.
 */
export async function useOwnTable(prefix: string): Promise<string> {
  const name = `${prefix}-${randomUUID().slice(0, 8)}`;
  await ensureTable(process.env.DYNAMODB_ENDPOINT!, name);
  process.env.TABLE_NAME = name;
  resetSettings();
  resetDb();
  return name;
}
