import { randomUUID } from "node:crypto";
import { Keys } from "@site/core/db/keys";
import { Lead } from "@site/core/lead";
import type { LeadForm } from "@site/core/lead/forms";
import type { LeadInput } from "@site/core/lead/input";
import { LeadListing } from "@site/core/lead/listing";
import type { LeadRow } from "@site/core/lead/record";
import { sortableId } from "@site/core/util/id";
import {
  adminApi,
  type AdminPartOptions,
  bareFirstPage,
  baselineRow,
  benchMeta,
  benchVisitor,
  compareSubmissions,
  medianTargetRow,
  meets,
  printAndRecord,
  runExportJob,
  seedInBatches,
  waitForQuiet,
  spreadOverTwoYears,
  submissionsMeet,
  submissionsSummary,
  targetRow,
  timer,
  timingsNote,
  TIMINGS_TABLE_HEAD,
} from "./admin-harness";
import { progress, runDescription } from "./report";
import { FIRST } from "./names";

/**
 * The free-guide part of `npm run bench:admin`: submissions over HTTP against the same
 * transaction written straight to DynamoDB Local, then N submissions of one form seeded in bulk
 * (LeadListing.importBatch) and, over HTTP as the administrator, the form's first page, a search and
 * the full CSV export, each beside a bare DynamoDB baseline of the same run.
 */
export type LeadsBenchOptions = AdminPartOptions;

export const LEAD_TARGETS = { firstPage: 150, search: 1000, export: 10_000, submitRatio: 0.8 };

/** The seeded form: its list is the one timed. */
const FORM: LeadForm = "checklist";
const PAGE_SIZE = 50;

const letters = (i: number) => String(i).replace(/[0-9]/g, (d) => "abcdefghij"[Number(d)]);
/** 1000 distinct last names, each on 1 in 1000 submissions. */
const lastName = (i: number) => `Owner${letters((i * 7919) % 1000)}`;

/** A visitor's form as the page sends it. */
export const benchLead = (i: number, run: string): LeadInput => ({
  fullName: `${FIRST[i % FIRST.length]} ${lastName(i)}`,
  email: `lead-${run}-${i}@example.com`,
  newsletterConsent: i % 3 === 0,
  client: { screenResolution: ["1920x1080", "390x844", "1440x900"][i % 3], timezone: "America/New_York", language: "en-US" },
});

export async function benchLeads(o: LeadsBenchOptions): Promise<{ met: boolean; summary: string }> {
  const run = randomUUID().slice(0, 8);
  const api = adminApi(o.url, o.token);
  const timed = timer(o.repeat);

  // -------------------------------------------------------------------------------------------
  // Submitting: HTTP against the same transaction written directly, on a small list (before the
  // seeding, so the spreadsheet sync each burst triggers reads few rows).

  const S = o.submissions;
  console.log(`Benchmark: ${S} free-guide submissions over HTTP and ${S} written directly, then ${o.n} seeded into the ${FORM} list`);
  const submitting = await compareSubmissions({
    url: o.url,
    submissions: S,
    concurrency: o.concurrency,
    noun: "submission",
    path: `/api/leads/${FORM}`,
    form: (i) => benchLead(i, `${run}-api`),
    /** What POST /api/leads/{form} writes (Lead.transaction: rate-limit hit, submission, index row, count, outbox). */
    directWrite: (i, client) => {
      const submission = Lead.LeadInput.parse(benchLead(i, `${run}-bare`));
      const lead = Lead.build(sortableId(), { form: FORM, submission, meta: benchMeta(client, submission.client) });
      const event = Lead.createdEvent(lead);
      return { eventId: event.id, transaction: () => Lead.transaction(lead, client, event) };
    },
  });

  // -------------------------------------------------------------------------------------------
  // Seeding N submissions of the form in bulk

  const dateOf = spreadOverTwoYears(o.n);
  const { seeded, seconds: seedSeconds } = await seedInBatches({
    n: o.n,
    batch: o.batch,
    workers: Math.min(o.concurrency, 4),
    writeBatch: async (from, size) => {
      const requests = Array.from({ length: size }, (_, j) => {
        const i = from + j;
        const submission = Lead.LeadInput.parse(benchLead(i, `${run}-seed`));
        return { form: FORM, submission, meta: benchMeta(benchVisitor(i), submission.client), at: dateOf(i) };
      });
      return (await LeadListing.importBatch(requests)).length;
    },
    onProgress: progress("seeding submissions", o.n),
  });
  const total = await LeadListing.count(FORM);
  console.log(`  seeded ${seeded} submissions in ${seedSeconds.toFixed(1)} s; ${total} in the ${FORM} list`);

  // -------------------------------------------------------------------------------------------
  // The admin list and the export

  type ListAnswer = { items: LeadRow[]; total: number };
  const list = (query: string) => api<ListAnswer>(`/api/admin/leads/${FORM}?${query}`);

  const quietAfter = await waitForQuiet(o.url);
  console.log(`  the stack went quiet (bus delivered, mail queue empty) ${quietAfter.toFixed(0)} s after the seeding`);
  const bareQuery = await timed(`bare ${PAGE_SIZE}-item gsi1 Query + count (baseline, no HTTP)`, () =>
    bareFirstPage(Keys.leadListPartition(FORM), PAGE_SIZE, () => LeadListing.count(FORM)),
  );
  const firstPageOnce = async () => {
    const p = await list(`page=1&pageSize=${PAGE_SIZE}`);
    if (p.total !== total) throw new Error(`first page reports ${p.total} submissions, expected ${total}`);
    return `${p.items.length} of ${p.total}`;
  };

  const needle = lastName(4242);
  const search = await timed(
    `search "${needle}"`,
    async () => `${(await list(`search=${encodeURIComponent(needle)}&page=1&pageSize=${PAGE_SIZE}`)).total} matches`,
  );
  const firstPageWarm = await timed("first page", firstPageOnce);

  // The export's baseline: every index row of the form read straight from DynamoDB Local by the export's merge.
  const bareLoad = await timed("bare read of every index row (the merge of 16 partitions, no HTTP)", async () => {
    let rows = 0;
    for await (const page of LeadListing.stream(FORM)) rows += page.length;
    return `${rows} rows`;
  });

  const exportTiming = await timed("CSV export job to its finished file", async () => {
    const file = await runExportJob(api, { kind: "leads", query: { form: FORM }, fileName: "bench-leads.csv" });
    const rows = file.text.split("\r\n").length - 2;
    if (rows !== total) throw new Error(`export wrote ${rows} rows, expected ${total}`);
    return `${rows} rows, ${(file.bytes / 1e6).toFixed(1)} MB`;
  });

  // -------------------------------------------------------------------------------------------
  // Report

  const firstPageMet = firstPageWarm.warm <= LEAD_TARGETS.firstPage;
  const submitMet = submissionsMeet(submitting, LEAD_TARGETS.submitRatio);
  const met = firstPageMet && meets(search, LEAD_TARGETS.search) && meets(exportTiming, LEAD_TARGETS.export) && submitMet;
  const summary = [
    `${runDescription()}, local stack (DynamoDB Local).`,
    "",
    `**Submitting**: ${S} submissions over HTTP (\`POST /api/leads/${FORM}\`, ${o.concurrency} at a time, each from its own loopback address as`,
    `distinct visitors) against ${S} of the same transaction (\`Lead.transaction\`: rate-limit hit, submission, index row, count shard,`,
    "outbox item) sent straight to the same DynamoDB Local, in 4 alternating rounds after a warm-up.",
    "",
    ...submissionsSummary(submitting, "submissions", LEAD_TARGETS.submitRatio),
    "",
    `**The ${FORM} list** over ${total} submissions (${seeded} seeded with \`LeadListing.importBatch\` in ${seedSeconds.toFixed(1)} s, ${(seeded / seedSeconds).toFixed(0)} submissions/s),`,
    timingsNote(o.repeat),
    "",
    ...TIMINGS_TABLE_HEAD,
    baselineRow(`bare ${PAGE_SIZE}-item gsi1 Query + count (baseline, no HTTP)`, bareQuery),
    medianTargetRow(`first page (\`GET /api/admin/leads/${FORM}\`)`, firstPageWarm, LEAD_TARGETS.firstPage, bareQuery),
    targetRow(`search (\`search=${needle}\`, a last name)`, search, LEAD_TARGETS.search),
    baselineRow("bare read of every index row (baseline: the export job's reads, no HTTP)", bareLoad),
    targetRow("CSV export job (`POST /api/admin/exports` kind leads, polled, its file downloaded)", exportTiming, LEAD_TARGETS.export, bareLoad),
    "",
    "",
    "Command: `npm run bench:admin` (free-guide part: `--leads N`, or `LEADS=N`; `--only leads` skips the rest).",
  ].join("\n");
  printAndRecord("Free guide submissions admin (`npm run bench:admin`)", summary);
  return { met, summary };
}
