import type { Result } from "@site/core/report/text-search";
import { formatCount } from "../../lib/format";

/** The scam reports screen's search of every report's text (a server job: docs/admin-api.md "Scam reports"). */
export type { Match as TextSearchMatch, Result as TextSearchResult } from "@site/core/report/text-search";

export const TEXT_SEARCH_FAILED = "Failed to search the reports' text. Please try again.";

/** What the result says above its matches. */
export function textSearchSummary(result: Pick<Result, "matched" | "scanned">, text: string): string {
  const reports = (n: number) => `${formatCount(n)} ${n === 1 ? "report" : "reports"}`;
  return result.matched === 0
    ? `No report holds “${text}” (${reports(result.scanned)} searched).`
    : `${reports(result.matched)} of ${formatCount(result.scanned)} ${result.matched === 1 ? "holds" : "hold"} “${text}”.`;
}
