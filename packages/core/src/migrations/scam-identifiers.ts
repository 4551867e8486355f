import { TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { table } from "../db/client";
import { Keys } from "../db/keys";
import { transactWithRetries } from "../db/transact";
import { Report } from "../report";
import { creationPuts, identifierKey, identifiersOf } from "../report/identifier-items";
import type { Info } from "../report/info";
import { pool } from "../util/pool";

/**
 * The scam identifiers' one-off migration: reports stored before the identifier index
 * (report/identifier-items.ts) have no identifier items, so the lookups and the case proposals do
 * not find them. Every report (gsi1, newest first, a page at a time) gets its identifier items and
 * the list of them on its item (`identifierKeys`, so its removal deletes them), in one transaction
 * per report conditioned on the report still being there: a report deleted meanwhile gets none.
 * Idempotent: a second run writes the same items again (Puts) and adds nothing to the list.
 * Run by hand with `npm run job:scam-identifiers-backfill`.
 */

export interface BackfillResult {
  /** reports read */
  reports: number;
  /** reports given their identifier items */
  indexed: number;
  /** identifier items written */
  identifiers: number;
  /** reports that name no identifier, or were deleted before their turn */
  skipped: number;
}

/** Transactions in flight per page. */
const CONCURRENCY = 8;

/** One report's identifier items and their list, written unless the report is gone; the number written. */
async function backfillReport(report: Info): Promise<number> {
  const keys = identifiersOf(report).map(identifierKey);
  if (!keys.length) return 0;
  const { written } = await transactWithRetries(
    () =>
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: table(),
              Key: Keys.report(report.id),
              // ADD to a string set: a union with what the item lists already (never loses a key its removal needs)
              UpdateExpression: "ADD identifierKeys :keys",
              ConditionExpression: "attribute_exists(pk)",
              ExpressionAttributeValues: { ":keys": new Set(keys) },
            },
          },
          ...creationPuts(report),
        ],
      }),
    { onCancelled: (reasons) => (reasons[0] === "ConditionalCheckFailed" ? "refused" : undefined) },
  );
  return written ? keys.length : 0;
}

/** Gives every stored report its identifier items; `onPage` reports progress after each page. */
export async function backfillScamIdentifiers(onPage?: (progress: BackfillResult) => void): Promise<BackfillResult> {
  const result: BackfillResult = { reports: 0, indexed: 0, identifiers: 0, skipped: 0 };
  for await (const page of Report.allNewestFirst()) {
    result.reports += page.length;
    await pool(page, CONCURRENCY, async (report) => {
      const n = await backfillReport(report);
      if (n) {
        result.indexed++;
        result.identifiers += n;
      } else result.skipped++;
    });
    onPage?.(result);
  }
  return result;
}
