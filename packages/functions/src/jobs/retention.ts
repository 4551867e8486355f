import { runRetention } from "@site/core/privacy/retention-job";
import { loadSecrets } from "../lib/secrets";

/** The run stops starting new work this long after it began, well inside the schedule's 900 s timeout; the next day continues. */
export const RETENTION_BUDGET_MS = 12 * 60_000;

/**
 * Scheduled daily: deletes guide submissions and scam reports (with their evidence)
 * past their retention, anonymises old signatures, removes expired unconfirmed subscribers, audits
 * the counts and rewrites the spreadsheet tabs that held changed rows (packages/core/src/privacy/retention-job.ts).
 * A tab that failed to sync fails the invocation, so it shows in the function's errors.
 */
export const handler = async () => {
  await loadSecrets();
  const { audit: _audit, ...result } = await runRetention(new Date(), { budgetMs: RETENTION_BUDGET_MS });
  if (result.sheets.failed.length) throw new Error(`retention done, but the spreadsheet sync failed for: ${result.sheets.failed.join(", ")}`);
  return result;
};
