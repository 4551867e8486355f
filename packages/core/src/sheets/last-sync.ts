import { PutCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { errorAttributes, log } from "../log";
import type { SheetSync } from "./last-sync-info";

/**
 * Each tab's last sync, for the console's health panel: written when a sync of the tab finishes or
 * fails (tab-sync.ts), one small item per tab in one partition. Never fails the sync it records.
 */
export async function recordSync(sync: SheetSync): Promise<void> {
  try {
    await db().send(new PutCommand({ TableName: table(), Item: { ...Keys.sheetLastSync(sync.tab), type: "sheetLastSync", ...sync } }));
  } catch (err) {
    log.warn("sheets: the last sync could not be recorded", { tab: sync.tab, ...errorAttributes(err) });
  }
}

/** Every tab's last sync, by tab name. */
export async function lastSyncs(): Promise<SheetSync[]> {
  const res = await db().send(
    new QueryCommand({ TableName: table(), KeyConditionExpression: "pk = :pk", ExpressionAttributeValues: { ":pk": Keys.sheetLastSyncPartition } }),
  );
  return (res.Items ?? []).map(({ tab, at, status, rows, error }) => ({
    tab: String(tab),
    at: String(at),
    status: status as SheetSync["status"],
    ...(typeof rows === "number" ? { rows } : {}),
    ...(typeof error === "string" ? { error } : {}),
  }));
}
