import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import { caseCountUpdates, caseItems, importCases } from "@site/core/cases/import";
import { newHead } from "@site/core/cases/head";
import type { CaseHead } from "@site/core/cases/info";
import { count as caseCount } from "@site/core/cases/store";
import { getMany } from "@site/core/db/batch";
import { db, table } from "@site/core/db/client";
import { INDEX_BUCKETS, Keys } from "@site/core/db/keys";
import { Identifiers } from "@site/core/report/identifier-items";
import { indexKey as reportIndexKey } from "@site/core/report/index-item";
import type { ReportRow } from "@site/core/report/record";
import { sortableId } from "@site/core/util/id";
import { baselineRow, medianTargetRow, seedInBatches, type AdminApi, type Timing } from "./admin-harness";
import { progress } from "./report";
import { bulkSeed } from "./bulk-load";

/**
 * The scam intelligence rows of `npm run bench:admin`'s reports part (issue 41): a lookup of the
 * reports naming one phone number, typed as a visitor would, in the reports list's search (one query
 * of the identifier index, then the page's index rows), and the first page of the cases list over
 * `cases` cases seeded in bulk; each beside a bare DynamoDB baseline of the same reads, no HTTP.
 */
export const CASE_TARGETS = { firstPage: 150, lookup: 100 };

/** The phone number the bench's report `i` names (bench/reports.ts): 10 reports each at a million. */
export const benchPhone = (i: number) => `+1 (407) 55${String(i % 100_000).padStart(5, "0")}`;

const STATUSES = ["open", "investigating", "referred", "closed"] as const;
const COMPANIES = ["Exit Pros", "Resale Masters", "Vacation Release", "Owner Relief", "Closing Desk", "Legal Exit Team"];

function benchCase(i: number, at: Date): CaseHead {
  const head = newHead(sortableId(at.getTime()), `${COMPANIES[i % COMPANIES.length]} ${i}`, at.toISOString());
  const reports = 2 + (i % 40);
  return {
    ...head,
    status: STATUSES[i % STATUSES.length],
    assignee: i % 3 === 0 ? "admin@example.org" : null,
    reports,
    consenting: Math.floor(reports / 2),
    amountLost: reports * 1250,
    states: ["FL", "NV"],
    scamTypes: ["upfront_fees"],
    firstReportAt: at.toISOString(),
    lastReportAt: at.toISOString(),
  };
}

export interface CasesBench {
  rows: string[];
  met: boolean;
  lookup: Timing;
  firstPage: Timing;
  /** the same reads straight to DynamoDB Local, timed in the same run */
  bareLookup: Timing;
  bareCases: Timing;
}

export async function benchCasesAndLookup(o: {
  api: AdminApi;
  timed: (label: string, once: () => Promise<string>) => Promise<Timing>;
  cases: number;
  reports: number;
  batch: number;
  /** seed the cases by loading this DynamoDB Local file directly (scripts/bench/bulk-load.ts) */
  bulkLoadInto?: string;
}): Promise<CasesBench> {
  // -- the identifier lookup: report 42's phone, as typed in the reports list's search
  const phone = benchPhone(42);
  const [identifier] = Identifiers.identifiersOfQuery(phone).filter((i) => i.type === "phone");
  let expected = 0;
  const bareLookup = await o.timed("bare identifier Query + BatchGet of 10 index rows (baseline, no HTTP)", async () => {
    const ids = await Identifiers.reportIdsWith(identifier, 1000);
    const rows = await getMany(ids.slice(0, 10).map((id) => reportIndexKey(id)));
    expected = ids.length;
    if (!expected) throw new Error(`no report names ${phone}: the identifier index was not written`);
    return `${ids.length} reports, ${rows.length} rows`;
  });
  const lookup = await o.timed(`identifier lookup (\`search=${phone}\`)`, async () => {
    const page = await o.api<{ items: ReportRow[]; total: number }>(`/api/admin/reports?search=${encodeURIComponent(phone)}&page=1&pageSize=10`);
    if (page.total !== expected) throw new Error(`the lookup of ${phone} found ${page.total} reports, expected ${expected}`);
    return `${page.total} reports`;
  });

  // -- the cases list over `cases` cases
  const start = Date.now() - o.cases * 60_000;
  const heads = (from: number, size: number) => Array.from({ length: size }, (_, j) => benchCase(from + j, new Date(start + (from + j) * 60_000)));
  const { seeded, seconds } = o.bulkLoadInto
    ? await bulkSeed({
        file: o.bulkLoadInto,
        n: o.cases,
        batch: o.batch,
        itemsPerRecord: 2,
        itemsOf: (from, size) => caseItems(heads(from, size)),
        countUpdates: caseCountUpdates,
        warmRead: bareCaseQueries,
      }).then(({ verified, seconds }) => {
        console.log(`  cases loaded; one row in 100: ${verified}`);
        return { seeded: o.cases, seconds };
      })
    : await seedInBatches({
        n: o.cases,
        batch: o.batch,
        workers: 4,
        writeBatch: (from, size) => importCases(heads(from, size)),
        onProgress: progress("seeding cases", o.cases),
      });
  const total = await caseCount();
  console.log(`  seeded ${seeded} cases in ${seconds.toFixed(1)} s; ${total} cases in all`);
  const bareCases = await o.timed(`bare ${INDEX_BUCKETS} case index Queries of 8 + count (baseline, no HTTP)`, bareCaseQueries);
  const firstPage = await o.timed("cases list, first page", async () => {
    const page = await o.api<{ items: unknown[]; total: number }>("/api/admin/cases?page=1&pageSize=25");
    if (page.total !== total) throw new Error(`the cases list reports ${page.total} cases, expected ${total}`);
    return `${page.items.length} of ${page.total}`;
  });

  const met = firstPage.warm <= CASE_TARGETS.firstPage && lookup.warm <= CASE_TARGETS.lookup;
  const rows = [
    baselineRow("bare identifier Query + BatchGet of 10 index rows (baseline, no HTTP)", bareLookup),
    medianTargetRow(`identifier lookup (\`GET /api/admin/reports?search=${phone}\`, ${o.reports} reports)`, lookup, CASE_TARGETS.lookup, bareLookup),
    baselineRow(`bare ${INDEX_BUCKETS} case index Queries of 8 + count (baseline, no HTTP)`, bareCases),
    medianTargetRow(`cases list, first page (\`GET /api/admin/cases\`, ${total} cases)`, firstPage, CASE_TARGETS.firstPage, bareCases),
  ];
  return { rows, met, lookup, firstPage, bareLookup, bareCases };
}

/** The cases list's own reads straight to DynamoDB Local: the first 8 of each case index partition, and the count. */
async function bareCaseQueries(): Promise<string> {
  const [pages] = await Promise.all([
    Promise.all(
      Array.from({ length: INDEX_BUCKETS }, (_, b) =>
        db().send(
          new QueryCommand({
            TableName: table(),
            KeyConditionExpression: "pk = :pk",
            ExpressionAttributeValues: { ":pk": Keys.scamCaseIndexPartition(b) },
            ScanIndexForward: false,
            Limit: 8,
            ConsistentRead: true,
          }),
        ),
      ),
    ),
    caseCount(),
  ]);
  return `${pages.reduce((n, p) => n + (p.Items?.length ?? 0), 0)} rows`;
}
