import { Cases } from "../cases";
import { ReportListing } from "../report/listing";

/**
 * The case proposals' one-off pass over reports stored before cases existed (after the identifier
 * backfill, migrations/scam-identifiers.ts): every report, oldest first, is placed as the
 * `report.created` subscriber places a new one (`Cases.propose`): with the reports it shares an
 * identifier with, into a waiting proposal. Idempotent: a report already in a proposal or a case is
 * left alone. Run by `npm run job:scam-identifiers-backfill` after the identifiers.
 */
export async function proposeStoredReports(onPage?: (read: number, proposed: number) => void): Promise<{ reports: number; proposed: number }> {
  let reports = 0;
  let proposed = 0;
  for await (const page of ReportListing.stream("createdAt", "asc")) {
    // one at a time: each placement reads what the one before wrote
    for (const row of page) if (await Cases.propose(row.id)) proposed++;
    reports += page.length;
    onPage?.(reports, proposed);
  }
  return { reports, proposed };
}
