import { randomUUID } from "node:crypto";
import { FULL_EXPORT_PAGE_SIZE, ReportAdmin } from "@site/core/report/admin";
import { Keys } from "@site/core/db/keys";
import { Report } from "@site/core/report";
import type { ReportInput } from "@site/core/report/input";
import { table } from "@site/core/db/client";
import { bulkSeed, verifyTable } from "./bulk-load";
import { ReportListing } from "@site/core/report/listing";
import type { ImportedReport } from "@site/core/report/listing";
import type { ReportRow } from "@site/core/report/record";
import { sortableId } from "@site/core/util/id";
import {
  runJsonExportCounted,
  adminApi,
  type AdminPartOptions,
  bareFirstPage,
  baselineRow,
  benchMeta,
  benchVisitor,
  compareSubmissions,
  fmt,
  medianTargetRow,
  meets,
  printAndRecord,
  seedInBatches,
  waitForQuiet,
  spreadOverTwoYears,
  submissionsMeet,
  submissionsSummary,
  targetRow,
  timesBare,
  timer,
  timingsNote,
  type Timing,
  TIMINGS_TABLE_HEAD,
} from "./admin-harness";
import { progress, runDescription, runPool } from "./report";
import { FIRST } from "./names";
import { benchCasesAndLookup, benchPhone, CASE_TARGETS } from "./cases";

/** About how many items a bench report has (its item, reference, index row and ~5.5 identifiers): progress and the loader's index choice. */
const ITEMS_PER_REPORT_ESTIMATE = 8.5;

/** The export job reads its pages one after another: so does its bare baseline. */
const EXPORT_PARALLEL_PAGES = 1;

/**
 * The scam reports part of `npm run bench:admin`: reports submitted over HTTP against
 * the same transaction written straight to DynamoDB Local, then N reports seeded in bulk
 * (ReportListing.importBatch) and, over HTTP as the administrator, the first page, a filtered search, a
 * text search and the full export of full records, each beside a bare DynamoDB baseline of the same run.
 */
export type ReportsBenchOptions = AdminPartOptions & {
  /** seed, then stop: no submitting, no timings, nothing recorded */
  seedOnly?: boolean;
  /** cases seeded for the cases list (default: one per 10 reports) */
  cases?: number;
  /** time no full export (at a million reports it takes longer than everything else) */
  skipExport?: boolean;
  /** seed by loading this DynamoDB Local file directly (scripts/bench/bulk-load.ts) rather than through its API */
  bulkLoadInto?: string;
};

export const REPORT_TARGETS = { firstPage: 150, search: 1000, export: 10_000, submitRatio: 0.8 };

const LAST = [
  "Anderson",
  "Baldwin",
  "Carlson",
  "Dickson",
  "Ellison",
  "Ferguson",
  "Gibson",
  "Harrison",
  "Ivanov",
  "Jackson",
  "Kendall",
  "Larsen",
  "Morrison",
  "Nelson",
  "Olsen",
  "Pearson",
];
const letters = (i: number) => String(i).replace(/[0-9]/g, (d) => "abcdefghij"[Number(d)]);
/** 1000 distinct scammer names, each on 1 in 1000 reports. */
const scammerName = (i: number) => `Agent ${letters((i * 7919) % 1000)}`;
const COMPANIES = [
  "Resale Pros LLC",
  "Exit Masters",
  "Timeshare Freedom Group",
  "Vacation Release Partners",
  "Closing Desk Inc",
  "Legal Exit Team",
  "Sunset Transfers",
  "Owner Relief Services",
];

/** A report as a visitor files it (no files): step 1 to 4 with one or two scam types and contact methods. */
export function benchReport(i: number, run: string): ReportInput {
  const money = i % 2 === 0;
  return {
    reporter: {
      fullName: `${FIRST[i % FIRST.length]} ${LAST[(i >> 4) % LAST.length]}`,
      email: `reporter-${run}-${i}@example.com`,
      city: ["Orlando", "Las Vegas", "Phoenix", "Branson"][i % 4],
      state: ["FL", "NV", "AZ", "MO"][i % 4],
      ageRange: (["Under 30", "30\u201345", "46\u201360", "61+"] as const)[i % 4],
      speakWithTeam: i % 3 === 0,
      shareAnonymously: i % 5 === 0,
    },
    scamTypes:
      i % 3 === 0
        ? [
            { type: "upfront_fees", amount: 500 + (i % 50) * 100, promisedServices: "Listing and closing services" },
            { type: "high_pressure", tactics: "A long presentation and a same-day deadline", limitedTimeOrThreat: true },
          ]
        : [{ type: "fake_resale", claimedSaleAmount: 10_000 + (i % 90) * 1000 }],
    contactMethods:
      i % 2 === 0
        ? [{ method: "phone", countryCode: "+1", phoneNumber: "(407) 555-0142" }]
        : [
            { method: "email", emailAddress: "offers@resale.example" },
            { method: "social_media", platform: "Facebook", profile: "Resale Pros" },
          ],
    moneyLost: money,
    amountLost: money ? 250 + (i % 40) * 250 : undefined,
    dateOccurred: `${2024 + (Math.floor(i / 7) % 2)}-${String((i % 12) + 1).padStart(2, "0")}-${String((i % 28) + 1).padStart(2, "0")}`,
    // 100,000 phone numbers and websites, each named by 10 reports at a million (the identifier lookup's rows)
    scammer: { name: scammerName(i), company: COMPANIES[i % COMPANIES.length], phone: benchPhone(i), website: `resale-${i % 100_000}.example` },
    reportedElsewhere: i % 4 === 0,
    reportedTo: i % 4 === 0 ? "State Attorney General" : undefined,
    wantUpdates: i % 2 === 1,
    client: { screenResolution: "1920x1080", timezone: "America/New_York", language: "en-US" },
  };
}

export async function benchReports(o: ReportsBenchOptions): Promise<{ met: boolean; summary: string }> {
  const run = randomUUID().slice(0, 8);
  const api = adminApi(o.url, o.token);
  const timed = timer(o.repeat);

  // -------------------------------------------------------------------------------------------
  // Submitting: HTTP against the same transaction written directly, on a small table (before the
  // seeding, so the spreadsheet sync each burst of reports triggers reads few rows).

  const S = o.submissions;
  console.log(
    o.seedOnly
      ? `Seeding ${o.n} scam reports for the admin list (--seed-only)`
      : `Benchmark: ${S} scam reports submitted over HTTP and ${S} written directly, then ${o.n} seeded for the admin list`,
  );
  const parsed = (i: number) => Report.ReportInput.parse(benchReport(i, run));
  // --seed-only: only the seeding (a million reports seeded over several runs into one disk-backed stack)
  const submitting = o.seedOnly
    ? undefined
    : await compareSubmissions({
        url: o.url,
        submissions: S,
        concurrency: o.concurrency,
        noun: "report",
        path: "/api/reports",
        form: (i) => benchReport(i, `${run}-api`),
        /** What POST /api/reports writes (Report.transaction: rate-limit hit, guard, report, index row, count, outbox). */
        directWrite: (i, client) => {
          const report = Report.build(sortableId(), { submission: parsed(i), client, meta: benchMeta(client) }, []);
          const event = Report.createdEvent(report);
          return { eventId: event.id, transaction: () => Report.transaction(report, client, event) };
        },
      });

  // -------------------------------------------------------------------------------------------
  // Seeding N reports in bulk

  const dateOf = spreadOverTwoYears(o.n);
  const requests = (from: number, size: number) =>
    Array.from({ length: size }, (_, j) => {
      const i = from + j;
      const client = benchVisitor(i);
      return { submission: parsed(i), client, meta: benchMeta(client), at: dateOf(i) };
    });
  // the loader shares DynamoDB Local's file: start when the stack is idle
  if (o.bulkLoadInto) await waitForQuiet(o.url);
  const { seeded, seconds: seedSeconds } = o.bulkLoadInto
    ? await bulkSeedReports(o.bulkLoadInto, o.n, o.batch, requests)
    : await seedInBatches({
        n: o.n,
        batch: o.batch,
        workers: Math.min(o.concurrency, 4),
        writeBatch: async (from, size) => (await ReportListing.importBatch(requests(from, size))).length,
        onProgress: progress("seeding reports", o.n),
      });
  const seeding = o.bulkLoadInto ? "loaded into DynamoDB Local's file (`scripts/bench/bulk-load.ts`)" : "seeded with `ReportListing.importBatch`";
  const total = await ReportListing.count();
  console.log(`  ${seeding.replace(/ \(.*/, "")}: ${seeded} reports in ${seedSeconds.toFixed(1)} s; ${total} reports in all`);
  if (!submitting) return { met: true, summary: `seeded ${seeded} reports; ${total} in all` };

  // -------------------------------------------------------------------------------------------
  // The admin list and exports

  type ListAnswer = { items: ReportRow[]; total: number };
  const list = (query: string) => api<ListAnswer>(`/api/admin/reports?${query}`);

  const quietAfter = await waitForQuiet(o.url);
  console.log(`  the stack went quiet (bus delivered, mail queue empty) ${quietAfter.toFixed(0)} s after the seeding`);
  const bareQuery = await timed("bare 10-item gsi1 Query + count (baseline, no HTTP)", () =>
    bareFirstPage(Keys.reportListPartition, 10, () => ReportListing.count()),
  );
  const firstPageOnce = async () => {
    const p = await list("page=1&pageSize=10");
    if (p.total !== total) throw new Error(`first page reports ${p.total} reports, expected ${total}`);
    return `${p.items.length} of ${p.total}`;
  };

  const filterQuery = "moneyLost=yes&speakWithTeam=yes&dateFrom=2025-03-01&dateTo=2025-09-30&status=new";
  const filtered = await timed(
    "filtered (money lost, speak with team, dates, status)",
    async () => `${(await list(`${filterQuery}&page=1&pageSize=10`)).total} matches`,
  );
  const needle = scammerName(4242);
  const search = await timed(`text search "${needle}"`, async () => `${(await list(`search=${encodeURIComponent(needle)}&page=1&pageSize=10`)).total} matches`);
  const firstPageWarm = await timed("first page", firstPageOnce);

  const exported = o.skipExport ? undefined : await timeTheExport(api, timed, total);

  // Scam intelligence: the identifier lookup over these reports, and the cases list
  const scam = await benchCasesAndLookup({ api, timed, cases: o.cases ?? Math.ceil(o.n / 10), reports: total, batch: o.batch, bulkLoadInto: o.bulkLoadInto });

  // -------------------------------------------------------------------------------------------
  // Report

  const firstPageMet = firstPageWarm.warm <= REPORT_TARGETS.firstPage;
  const submitMet = submissionsMeet(submitting, REPORT_TARGETS.submitRatio);
  const met =
    firstPageMet &&
    meets(filtered, REPORT_TARGETS.search) &&
    meets(search, REPORT_TARGETS.search) &&
    (!exported || meets(exported.job, REPORT_TARGETS.export)) &&
    submitMet &&
    scam.met;
  const summary = [
    `${runDescription()}, local stack (DynamoDB Local).`,
    "",
    `**Submitting** (no files): ${S} reports over HTTP (\`POST /api/reports\`, ${o.concurrency} at a time, each from its own loopback address as`,
    `distinct visitors) against ${S} of the same transaction (\`Report.transaction\`: rate-limit hit, reference guard, report, index row,`,
    "count shard, outbox item) sent straight to the same DynamoDB Local, in 4 alternating rounds after a warm-up.",
    "",
    ...submissionsSummary(submitting, "reports", REPORT_TARGETS.submitRatio),
    "",
    `**The admin list** over ${total} reports (${seeded} ${seeding} in ${seedSeconds.toFixed(1)} s, ${(seeded / seedSeconds).toFixed(0)} reports/s),`,
    timingsNote(o.repeat),
    "",
    ...TIMINGS_TABLE_HEAD,
    baselineRow("bare 10-item gsi1 Query + META Get (baseline, no HTTP)", bareQuery),
    medianTargetRow("first page (`GET /api/admin/reports`)", firstPageWarm, REPORT_TARGETS.firstPage, bareQuery),
    targetRow(`filtered search (\`${filterQuery}\`)`, filtered, REPORT_TARGETS.search),
    targetRow(`text search (\`search=${needle}\`, a scammer name)`, search, REPORT_TARGETS.search),
    ...(exported ? exportRows(exported) : []),
    ...scam.rows,
    "",
    `**Scam intelligence** (issue 41; targets: lookup ≤ ${CASE_TARGETS.lookup} ms, cases first page ≤ ${CASE_TARGETS.firstPage} ms): the lookup reads one`,
    "partition of the identifier index (report/identifier-items.ts) and the page's index rows by key, whatever the number of",
    "reports; the cases list is the collection's merge over the case index's 16 partitions (cases seeded with `importCases`'s items).",
    `Lookup ${scam.lookup.warm.toFixed(0)} ms (${timesBare(scam.lookup, scam.bareLookup)}), cases first page ${scam.firstPage.warm.toFixed(0)} ms (${timesBare(scam.firstPage, scam.bareCases)}) (medians;`,
    "the ratio is to the bare baseline of the same reads timed in the same run, above each row).",
    "",
    ...(exported ? exportNote(exported) : ["The full export was not timed in this run (`--skip-export`)."]),
    "",
    "Command: `npm run bench:admin` (reports part: `--reports N`, or `REPORTS=N`; `--only reports` skips the signatures).",
  ].join("\n");
  printAndRecord("Scam reports admin (`npm run bench:admin`)", summary);
  return { met, summary };
}

/**
 * Seeds n reports by loading the items ReportListing.importBatch would write straight into DynamoDB
 * Local's file, checking the rows before (those DynamoDB Local wrote itself) and after (one in 100).
 */
async function bulkSeedReports(
  file: string,
  n: number,
  batch: number,
  requests: (from: number, size: number) => ImportedReport[],
): Promise<{ seeded: number; seconds: number }> {
  // the rows DynamoDB Local wrote itself so far (the submitted reports): the loader computes the same
  console.log(`  before the load, DynamoDB Local's own rows: ${await verifyTable(file, table())}`);
  const { items, verified, seconds } = await bulkSeed({
    file,
    n,
    batch,
    itemsPerRecord: ITEMS_PER_REPORT_ESTIMATE,
    itemsOf: (from, size) => ReportListing.importedItems(requests(from, size)).items,
    countUpdates: ReportListing.countUpdates,
    warmRead: () => bareFirstPage(Keys.reportListPartition, 10, () => ReportListing.count()),
    onProgress: progress("loading report items", Math.round(n * ITEMS_PER_REPORT_ESTIMATE)),
  });
  console.log(`  loaded ${items} items (${(items / n).toFixed(2)} a report), and counted them`);
  console.log(`  after the load, one row in 100: ${verified}`);
  return { seeded: n, seconds };
}

interface ExportTimings {
  /** the export's own BatchGets, straight to DynamoDB Local */
  bareRead: Timing;
  /** the export job over HTTP, to its downloaded file */
  job: Timing;
}

/** The full JSON export of `total` reports over HTTP, beside its own reads made straight to DynamoDB Local. */
async function timeTheExport(api: ReturnType<typeof adminApi>, timed: ReturnType<typeof timer>, total: number): Promise<ExportTimings> {
  // The export's own reads, straight to DynamoDB Local: every report by key, in the pages and with
  // the parallelism the export uses (the index order comes from this process's listing, untimed).
  const exportIds: string[] = [];
  for await (const page of ReportListing.stream()) exportIds.push(...page.map((r) => r.id));
  const bareRead = await timed(
    `bare read of every report (BatchGet by key, ${FULL_EXPORT_PAGE_SIZE} a page, ${EXPORT_PARALLEL_PAGES} pages at a time, no HTTP)`,
    async () => {
      const pages: string[][] = [];
      for (let i = 0; i < exportIds.length; i += FULL_EXPORT_PAGE_SIZE) pages.push(exportIds.slice(i, i + FULL_EXPORT_PAGE_SIZE));
      let read = 0;
      await runPool(pages.length, EXPORT_PARALLEL_PAGES, async (i) => {
        const found = (await ReportAdmin.fetchMany(pages[i]!)).length;
        read += found;
      });
      return `${read} reports`;
    },
  );

  const job = await timed("full JSON export job to its finished file", async () => {
    const file = await runJsonExportCounted(api, { kind: "reports-json", query: {}, fileName: "bench-reports.json" });
    if (file.records !== total) throw new Error(`export wrote ${file.records} reports, expected ${total}`);
    return `${file.records} reports, ${(file.bytes / 1e6).toFixed(1)} MB of JSON`;
  });

  return { bareRead, job };
}

const exportRows = ({ bareRead, job }: ExportTimings) => [
  baselineRow(
    `${bareRead.detail.replace(/ reports$/, "")} reports read straight from DynamoDB Local (baseline: the export's own BatchGets, no HTTP)`,
    bareRead,
    "",
  ),
  targetRow("full JSON export job (`POST /api/admin/exports` kind reports-json, polled, its file downloaded)", job, REPORT_TARGETS.export, bareRead),
];

const exportNote = ({ bareRead, job }: ExportTimings) => [
  `The export reads every report in full, by key in the list's order (a report is a few attributes and one JSON body,`,
  `\`report/stored-item.ts\`). Its own reads, made straight to DynamoDB Local without HTTP, take ${fmt(bareRead.warm)} (median) here:`,
  `the export over HTTP is ${(job.warm / bareRead.warm).toFixed(2)}× that baseline. On this machine DynamoDB Local's item reads`,
  "bound it: the export cannot be faster than the bare read; what it adds is the index merge, the JSON and the file's upload.",
];
