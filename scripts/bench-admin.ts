/**
 * `npm run bench:admin`: the admin console on a large petition. Creates a petition over the admin
 * API, seeds N signatures straight into the table (SignatureListing.importBatch, in batches, with
 * progress), signs in as the administrator, then times over HTTP the first page, a later page (by
 * cursor), a whole e-mail search, a name search, each sort, every petition's list and the export job
 * to its finished file, each beside a bare DynamoDB call of the same work, and the API process's
 * resident memory before seeding and at the end. Its last line:
 *   admin at N: first page X ms, email search X ms, name search X ms, export X s, memory +X MB
 * Then the scam reports (scripts/bench/reports.ts) and the free-guide submissions
 * (scripts/bench/leads.ts): submitting over HTTP against writing directly, and the admin list of N
 * records. Prints the figures against the targets and records them in docs/benchmarks.md.
 *
 *   npm run bench:admin -- [--signatures 1000000 | --n 100000] [--reports 100000] [--cases 10000] [--leads 100000] [--submissions 1000]
 *                          [--only signatures|reports|leads] [--on-disk] [--bulk-load] [--skip-export]
 *                          [--batch 1000] [--concurrency 4] [--time-when /tmp/quiet]
 *                          [--url http://localhost:3000 --dynamodb http://127.0.0.1:8000
 *                           --admin-email admin@example.org --admin-password …]
 *
 * `REPORTS=5000 npm run bench:admin -- --only reports` is a quick run of the reports part;
 * `npm run bench:admin -- --only leads --leads 2000` one of the free-guide part.
 *
 * --on-disk: the ephemeral stack's DynamoDB Local keeps its table on disk rather than in memory. In
 * memory it held ~45 KB a scam report (500,000 took 22.6 GB of this 24 GB machine), so a million
 * reports need it. Seeded through DynamoDB Local's API that is hours (49 reports a second here:
 * DynamoDB Local re-reads the table's schema on every write), so
 * --bulk-load (implies --on-disk) loads the reports' and cases' items straight into DynamoDB Local's file
 * (scripts/bench/bulk-load.ts: each row's columns computed by DynamoDB Local's own code, checked
 * against the rows it wrote itself), ~350 reports a second:
 *   npm run bench:admin -- --reports 1000000 --only reports --bulk-load --skip-export
 * --skip-export: no full export timed (at a million reports it outlasts everything else).
 * Against a running `npm start` (--url), --bulk-load loads into its .data/dynamodb file (or --dynamodb-file),
 * and `--only reports --reports 0` times the reports already there.
 *
 * --time-when FILE: after seeding (an hour at a million), wait until FILE exists before timing, so
 * the machine can be kept quiet for the timings alone.
 *
 * Without --url it starts a throw-away local stack of its own. Against `npm start`, the admin's
 * password defaults to the one in .data/local-admin.json.
 */
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { resetSettings } from "@site/core/config";
import { GetCommand, QueryCommand, type QueryCommandInput } from "@aws-sdk/lib-dynamodb";
import { MAX_NAME_MATCHES } from "@site/core/collection/name-source";
import { batchSize } from "@site/core/collection/merge";
import { db, resetDb } from "@site/core/db/client";
import { orderIndex } from "@site/core/db/indexes";
import { nameQueries } from "@site/core/collection/name-index";
import { Keys } from "@site/core/db/keys";
import { recordsOf } from "@site/core/db/person-index";
import { NAME_SEARCH, ORDERS, layout as signatureLayout } from "@site/core/signature/index-item";
import type { Signature } from "@site/core/signature";
import { importBatch, stream } from "@site/core/signature/listing";
import type { SignatureRow } from "@site/core/signature/record";
import { adminApi, adminToken, fmt, meets, printAndRecord, runExportJob, seedInBatches, timer, type Timing, verdict } from "./bench/admin-harness";
import { benchLeads } from "./bench/leads";
import { benchReports } from "./bench/reports";
import { dynamoFileIn } from "./bench/bulk-load";
import { runDescription } from "./bench/report";
import { startEphemeralStack } from "./bench/stack-process";
import { repoRoot } from "./local/paths";
import { TABLE_NAME } from "./local/stack";
import { FIRST } from "./bench/names";

const { values } = parseArgs({
  options: {
    n: { type: "string", default: "100000" },
    /** the issue's name for --n */
    signatures: { type: "string" },
    reports: { type: "string", default: process.env.REPORTS ?? "100000" },
    cases: { type: "string", default: process.env.CASES },
    leads: { type: "string", default: process.env.LEADS ?? "100000" },
    submissions: { type: "string", default: "1000" },
    only: { type: "string" },
    batch: { type: "string", default: "1000" },
    concurrency: { type: "string", default: "4" },
    repeat: { type: "string", default: "5" },
    "on-disk": { type: "boolean", default: false },
    "bulk-load": { type: "boolean", default: false },
    "skip-export": { type: "boolean", default: false },
    "dynamodb-file": { type: "string" },
    "seed-only": { type: "boolean", default: false },
    "time-when": { type: "string" },
    url: { type: "string" },
    dynamodb: { type: "string", default: "http://127.0.0.1:8000" },
    "admin-email": { type: "string" },
    "admin-password": { type: "string" },
  },
});
const N = Number(values.signatures ?? values.n);
const BATCH = Number(values.batch);
const CONCURRENCY = Number(values.concurrency);
const REPEAT = Math.max(1, Number(values.repeat));
if (![N, BATCH, CONCURRENCY].every((v) => Number.isInteger(v) && v > 0)) {
  console.error("--n, --batch and --concurrency must be whole numbers above 0");
  process.exit(2);
}

/** The targets at 1,000,000 signatures (ms, MB): a page, a search, the export job to its file, the API process's growth. */
const TARGETS = { firstPage: 150, sort: 500, emailSearch: 300, nameSearch: 500, exportJob: 120_000, memoryMb: 150 };

// ---------------------------------------------------------------------------------------------
// The stack and the administrator

// a million scam reports need more memory than DynamoDB Local in memory has here (~45 KB a report): on disk
const onDisk = values["on-disk"] || values["bulk-load"];
const own = values.url ? undefined : await startEphemeralStack(onDisk ? { EPHEMERAL_DYNAMODB_ON_DISK: "1" } : {});
const url = (values.url ?? own!.url).replace(/\/$/, "");
Object.assign(process.env, { TABLE_NAME, DYNAMODB_ENDPOINT: own?.dynamodb ?? values.dynamodb });
resetSettings();
resetDb();

function localAdmin(): { email: string; password: string } {
  const email = values["admin-email"] ?? process.env.LOCAL_ADMIN_EMAIL ?? "admin@example.org";
  if (values["admin-password"]) return { email, password: values["admin-password"] };
  const file = join(repoRoot, process.env.DATA_DIR ?? ".data", "local-admin.json");
  if (!existsSync(file)) throw new Error(`no --admin-password and no ${file}`);
  return { email, password: (JSON.parse(readFileSync(file, "utf8")) as { password: string }).password };
}

async function signIn(): Promise<string> {
  const config = (await (await fetch(`${url}/api/config`)).json()) as {
    auth: { userPoolClientId: string; userPoolEndpoint: string | null };
  };
  const endpoint = own?.cognito ?? config.auth.userPoolEndpoint;
  if (!endpoint) throw new Error("the stack reports no local Cognito endpoint; bench:admin runs against the local stack");
  const admin = own?.admin ?? localAdmin();
  return adminToken(endpoint, own?.userPool.clientId ?? config.auth.userPoolClientId, admin);
}

const token = await signIn();
let api = adminApi(url, token);

/** The API process's resident memory (MB), from the local server's /dev/process.json. */
const apiRssMb = async () => ((await (await fetch(`${url}/dev/process.json`)).json()) as { rssBytes: number }).rssBytes / 1e6;
const rssBefore = await apiRssMb();

const REPORTS = Number(values.reports);
const LEADS = Number(values.leads);
const SUBMISSIONS = Number(values.submissions);
if (![REPORTS, LEADS, SUBMISSIONS].every((v) => Number.isInteger(v) && v >= 0)) {
  console.error("--reports, --leads and --submissions must be whole numbers");
  process.exit(2);
}
/** The scam reports part, on the same stack; true when its targets are met. */
async function reportsPart(): Promise<boolean> {
  // --only reports --reports 0 times the reports already in a running stack
  if (REPORTS === 0 && values.only !== "reports") return true;
  const cases = values.cases === undefined ? undefined : Number(values.cases);
  const seedOnly = values["seed-only"];
  const bulkLoadInto = values["bulk-load"]
    ? (values["dynamodb-file"] ?? dynamoFileIn(own?.dataDir ?? join(repoRoot, process.env.DATA_DIR ?? ".data")))
    : undefined;
  return (
    await benchReports({
      url,
      token,
      n: REPORTS,
      cases,
      submissions: SUBMISSIONS,
      repeat: REPEAT,
      batch: BATCH,
      concurrency: 16,
      seedOnly,
      bulkLoadInto,
      skipExport: values["skip-export"],
    })
  ).met;
}
/** The free-guide part, on the same stack; true when its targets are met. */
async function leadsPart(): Promise<boolean> {
  if (LEADS === 0) return true;
  return (await benchLeads({ url, token, n: LEADS, submissions: SUBMISSIONS, repeat: REPEAT, batch: BATCH, concurrency: 16 })).met;
}
if (values.only === "reports" || values.only === "leads") {
  const met = values.only === "reports" ? await reportsPart() : await leadsPart();
  await own?.stop();
  process.exit(met ? 0 : 1);
}

// ---------------------------------------------------------------------------------------------
// Seeding

const run = randomUUID().slice(0, 8);
const PREFIX = [
  "Ander",
  "Bald",
  "Carl",
  "Dick",
  "Ellis",
  "Fergu",
  "Gib",
  "Harri",
  "Ivan",
  "Jack",
  "Kend",
  "Lars",
  "Mor",
  "Nel",
  "Ols",
  "Pear",
  "Quin",
  "Robin",
  "Steven",
  "Thom",
  "Upton",
  "Vick",
  "Wat",
  "Xand",
  "Yor",
  "Zim",
  "Bright",
  "Cole",
  "Dal",
  "Frank",
  "Glad",
  "Hud",
  "Jeff",
  "Kirk",
  "Lind",
  "Mad",
  "Nor",
  "Pat",
  "Rich",
  "Sim",
];
const SUFFIX = [
  "son",
  "win",
  "ton",
  "ley",
  "ford",
  "field",
  "well",
  "wood",
  "by",
  "more",
  "ham",
  "man",
  "er",
  "ridge",
  "stone",
  "worth",
  "land",
  "ock",
  "en",
  "ing",
  "hurst",
  "combe",
  "wick",
  "dale",
  "holt",
];
/** 1000 distinct last names, each on 1 in 1000 signatures. */
const lastName = (i: number) => {
  const k = (i * 7919) % 1000;
  return `${PREFIX[k % PREFIX.length]}${SUFFIX[Math.floor(k / PREFIX.length) % SUFFIX.length]}`;
};
const CITIES = [
  ["Orlando", "Florida", "US"],
  ["Las Vegas", "Nevada", "US"],
  ["Toronto", "Ontario", "CA"],
  ["Phoenix", "Arizona", "US"],
  ["Cancún", "Quintana Roo", "MX"],
];

function request(i: number): Signature.SignRequest {
  const [city, region, country] = CITIES[i % CITIES.length];
  return {
    petitionId: "",
    client: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    firstName: FIRST[i % FIRST.length],
    lastName: lastName(i),
    email: `owner-${run}-${i}@example.com`,
    timeshareName: i % 3 === 0 ? `Resort ${i % 97}` : undefined,
    newsletterConsent: i % 4 === 0,
    meta: {
      browser: ["Chrome", "Safari", "Firefox", "Edge"][i % 4],
      deviceType: (["Desktop", "Mobile", "Tablet"] as const)[i % 3],
      screenResolution: "1920x1080",
      timezone: "America/New_York",
      language: "en-US",
      userAgent: "bench/1.0",
      city,
      region,
      country,
      latitude: "",
      longitude: "",
      ipAddress: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    },
  };
}

console.log(`Benchmark: admin console with ${N} signatures, against ${url}`);
const petition = await api<{ id: string }>("/api/admin/petitions", {
  method: "POST",
  body: JSON.stringify({ title: `Benchmark (admin console) ${run}`, story: "Benchmark petition", goal: N }),
});

// The console is open before the surge: the list's code is loaded (locally a lazy import, deployed
// a Lambda's init, which is its cold start and not the list's work), so "first" below is the first
// read of a million rows, not of the module.
await api(`/api/admin/signatures?petitionId=${encodeURIComponent(petition.id)}&pageSize=50`);

const seedStart = performance.now();
let shownTenth = -1;
const { seconds: seedSeconds } = await seedInBatches({
  n: N,
  batch: BATCH,
  workers: CONCURRENCY,
  writeBatch: (from, size) =>
    importBatch(
      petition.id,
      Array.from({ length: size }, (_, j) => request(from + j)),
    ),
  onProgress: (seeded) => {
    const tenth = Math.floor((seeded / N) * 10);
    if (tenth !== shownTenth) {
      shownTenth = tenth;
      const rate = seeded / ((performance.now() - seedStart) / 1000);
      console.log(`  seeding: ${seeded}/${N} (${tenth * 10}%, ${rate.toFixed(0)} signatures/s)`);
    }
  },
});

const gate = values["time-when"];
if (gate && !existsSync(gate)) {
  console.log(`  seeded; the timings wait until ${gate} exists (a quiet machine)`);
  while (!existsSync(gate)) await new Promise((r) => setTimeout(r, 5000));
}
// a fresh access token: the first one may have expired while a million rows were seeded
api = adminApi(url, await signIn());

// ---------------------------------------------------------------------------------------------
// Timings: the first call and the median of REPEAT more, each beside a bare DynamoDB call of the
// same work from this process (no HTTP, no Lambda code)

const timed = timer(REPEAT);

type Page = { items: SignatureRow[]; total: number; page: number; pageSize: number; next?: string | null };
const list = (query: string) => api<Page>(`/api/admin/signatures?petitionId=${encodeURIComponent(petition.id)}&${query}`);
const partitions = signatureLayout.partitions(petition.id);
const PAGE = 50;
/** The merge's first round: one Query of `batchSize` rows per partition, in parallel (collection/merge.ts). */
const firstRound = (extra: Partial<QueryCommandInput> = {}) =>
  Promise.all(
    partitions.map((pk) =>
      db().send(
        new QueryCommand({
          TableName: TABLE_NAME,
          KeyConditionExpression: "pk = :pk",
          ExpressionAttributeValues: { ":pk": pk },
          ScanIndexForward: false,
          Limit: batchSize(PAGE, partitions.length),
          ...extra,
        }),
      ),
    ),
  );
const itemsOf = (pages: { Items?: unknown[] }[]) => `${pages.reduce((n, p) => n + (p.Items?.length ?? 0), 0)} items`;

const bareFirst = await timed(`bare first round: ${partitions.length} Queries of ${batchSize(PAGE, partitions.length)} rows`, async () =>
  itemsOf(await firstRound({ ConsistentRead: true })),
);
const firstPage = await timed("first page", async () => {
  const p = await list(`pageSize=${PAGE}`);
  if (p.total !== N) throw new Error(`first page reports ${p.total} signatures, expected ${N}`);
  return `${p.items.length} of ${p.total}`;
});
// a page ten pages in, reached with the cursors the console follows (Next)
let cursor: string | null = null;
for (let i = 0; i < 10; i++) cursor = (await list(`pageSize=${PAGE}${cursor ? `&after=${cursor}` : ""}`)).next ?? null;
const laterPage = await timed("the eleventh page (after=…)", async () => {
  const p = await list(`pageSize=${PAGE}&after=${cursor}`);
  return `${p.items.length} rows from ${p.items[0]?.id}`;
});

// a whole e-mail address: the person index (gsi3) and a consistent read of the index row
const someEmail = request(31_337 % N).email;
const bareEmail = await timed("bare e-mail lookup: the gsi3 Query + one GetItem", async () => {
  const [record] = await recordsOf(someEmail, "signature");
  const ids = Keys.signatureOf(record!)!;
  const row = await db().send(new GetCommand({ TableName: TABLE_NAME, Key: signatureLayout.key(ids.petitionId, ids.signatureId), ConsistentRead: true }));
  return row.Item ? "1 row" : "none";
});
const emailSearch = await timed("e-mail search", async () => {
  const p = await list(`search=${encodeURIComponent(someEmail)}&pageSize=${PAGE}`);
  if (p.total !== 1) throw new Error(`the e-mail search found ${p.total}`);
  return "1 match";
});

// the start of a last name: the name search's own queries (a prefix-range Query per name key and search
// partition: 4 keys × SEARCH_SHARDS; a one-letter needle, per key and bucket: 4 × 32)
const needle = lastName(4242).slice(0, -1).toLowerCase();
const nameLookups = nameQueries(NAME_SEARCH, [petition.id], partitions, needle, MAX_NAME_MATCHES);
const bareName = await timed(`bare name lookup: ${nameLookups.length} prefix-range Queries`, async () => {
  const pages = await Promise.all(
    nameLookups.map(({ index, pk, range, limit }) =>
      db().send(
        new QueryCommand({
          TableName: TABLE_NAME,
          IndexName: index,
          KeyConditionExpression: range.KeyConditionExpression,
          ExpressionAttributeNames: range.ExpressionAttributeNames,
          ExpressionAttributeValues: { ":pk": pk, ...range.values },
          Limit: limit,
        }),
      ),
    ),
  );
  return itemsOf(pages);
});
const nameSearch = await timed(`name search "${needle}"`, async () => {
  const p = await list(`search=${encodeURIComponent(needle)}&pageSize=${PAGE}`);
  if (p.total === 0) throw new Error("the name search found nothing");
  return `${p.total} matches`;
});

// every other order: the first round on its global index
const sorts: { sort: string; bare: Timing; page: Timing }[] = [];
for (const sort of ["lastName", "firstName", "email", "timeshareName", "petitionId"] as const) {
  const slot = ORDERS[sort].slot;
  // the petition order reads the index rows' own partitions (one petition each), in id order
  const bare = await timed(`bare first round on ${slot === undefined ? "the table" : orderIndex(slot)}`, async () =>
    itemsOf(await firstRound(slot === undefined ? { ConsistentRead: true, ScanIndexForward: true } : { IndexName: orderIndex(slot), ScanIndexForward: true })),
  );
  const page = await timed(`sort by ${sort}`, async () => {
    const p = await list(`sort=${sort}&order=asc&pageSize=${PAGE}`);
    return `first ${String(p.items[0]?.[sort as keyof SignatureRow] ?? "")}`;
  });
  sorts.push({ sort, bare, page });
}

// the signature list's one filter is the petition: without it, every petition's signatures (gsi1's 32 buckets)
const allPetitions = await timed("every petition (no petition filter, gsi1 buckets)", async () => {
  const p = await api<Page>(`/api/admin/signatures?pageSize=${PAGE}`);
  return `${p.items.length} of ${p.total}`;
});

// The console's "Export CSV": a job, followed until done, then its file through the signed link;
// beside it, the job's own reads (every index row, merged a page at a time) from this process.
const bareExport = await timed("bare read of every index row (the merge, 1,000 a page)", async () => {
  let rows = 0;
  for await (const page of stream(petition.id)) rows += page.length;
  return `${rows} rows`;
});
const exportJob = await timed("export job to its finished file", async () => {
  const file = await runExportJob(api, { kind: "signatures", query: { petitionId: petition.id }, fileName: "bench-signatures.csv" });
  const rows = file.text.split("\r\n").length - 2;
  if (rows !== N) throw new Error(`the export job wrote ${rows} rows, expected ${N}`);
  return `${rows} rows, ${(file.bytes / 1e6).toFixed(1)} MB`;
});

// ---------------------------------------------------------------------------------------------
// Report

const rssAfter = await apiRssMb();
const growth = Math.max(0, rssAfter - rssBefore);
const ratio = (t: Timing, bare: Timing) => `${(t.warm / bare.warm).toFixed(2)}× bare`;
const checks = [
  meets(firstPage, TARGETS.firstPage),
  meets(laterPage, TARGETS.firstPage),
  meets(emailSearch, TARGETS.emailSearch),
  meets(nameSearch, TARGETS.nameSearch),
  ...sorts.map((s) => meets(s.page, TARGETS.sort)),
  meets(allPetitions, TARGETS.firstPage),
  exportJob.warm <= TARGETS.exportJob,
  growth <= TARGETS.memoryMb,
];
const summary = [
  `${runDescription()},`,
  `one petition of ${N} signatures seeded with importBatch (batches of ${BATCH}, ${CONCURRENCY} at a time: ${seedSeconds.toFixed(1)} s,`,
  `${(N / seedSeconds).toFixed(0)} signatures/s), local stack (DynamoDB Local), timed over HTTP with an admin access token;`,
  `"first" is the first call, "median" the median of ${REPEAT} more. Every row below is read from the table on each call: the`,
  "pages of every order are merged from the petition's 32 index partitions (the id order from the table, the others from",
  "their global index), a whole e-mail through the person index, a name by a prefix range (`BETWEEN`) on its name keys' search partitions; nothing is held",
  "in the API process between calls. Each request is beside a bare DynamoDB call of the same work from the benchmark process.",
  "",
  "| request | first | median | target | verdict | against the bare call |",
  "|---|---|---|---|---|---|",
  `| bare: ${bareFirst.detail.replace(/ items$/, "")} items in the merge's first round | ${fmt(bareFirst.cold)} | ${fmt(bareFirst.warm)} | | | |`,
  `| first page (\`GET /api/admin/signatures?petitionId=…\`) | ${fmt(firstPage.cold)} | ${fmt(firstPage.warm)} | ≤ ${fmt(TARGETS.firstPage)} | ${verdict(meets(firstPage, TARGETS.firstPage))} | ${ratio(firstPage, bareFirst)} |`,
  `| the eleventh page (\`after=\` the tenth's cursor) | ${fmt(laterPage.cold)} | ${fmt(laterPage.warm)} | ≤ ${fmt(TARGETS.firstPage)} | ${verdict(meets(laterPage, TARGETS.firstPage))} | ${ratio(laterPage, bareFirst)} |`,
  `| every petition, no petition filter (gsi1's 32 buckets) | ${fmt(allPetitions.cold)} | ${fmt(allPetitions.warm)} | ≤ ${fmt(TARGETS.firstPage)} | ${verdict(meets(allPetitions, TARGETS.firstPage))} | ${ratio(allPetitions, bareFirst)} |`,
  `| bare: ${bareEmail.detail} through the gsi3 Query and a GetItem | ${fmt(bareEmail.cold)} | ${fmt(bareEmail.warm)} | | | |`,
  `| a whole e-mail address (\`search=owner-…@example.com\`) | ${fmt(emailSearch.cold)} | ${fmt(emailSearch.warm)} | ≤ ${fmt(TARGETS.emailSearch)} | ${verdict(meets(emailSearch, TARGETS.emailSearch))} | ${ratio(emailSearch, bareEmail)} |`,
  `| bare: ${bareName.detail} from ${nameLookups.length} prefix-range Queries (on ${nameLookups[0]?.index.replace(/\d+$/, "N")}) | ${fmt(bareName.cold)} | ${fmt(bareName.warm)} | | | |`,
  `| name search (\`search=${needle}\`, the start of a last name: ${nameSearch.detail}) | ${fmt(nameSearch.cold)} | ${fmt(nameSearch.warm)} | ≤ ${fmt(TARGETS.nameSearch)} | ${verdict(meets(nameSearch, TARGETS.nameSearch))} | ${ratio(nameSearch, bareName)} |`,
  ...sorts.map(
    (s) =>
      `| sort by ${s.sort} (\`sort=${s.sort}&order=asc\`; bare first round on its index ${fmt(s.bare.warm)}) | ${fmt(s.page.cold)} | ${fmt(s.page.warm)} | ≤ ${fmt(TARGETS.sort)} | ${verdict(meets(s.page, TARGETS.sort))} | ${ratio(s.page, s.bare)} |`,
  ),
  `| bare: ${bareExport.detail} read by the export's merge in this process | ${fmt(bareExport.cold)} | ${fmt(bareExport.warm)} | | | |`,
  `| export job to its finished file (\`POST /api/admin/exports\`, polled, downloaded: ${exportJob.detail}) | ${fmt(exportJob.cold)} | ${fmt(exportJob.warm)} | ≤ ${fmt(TARGETS.exportJob)} | ${verdict(exportJob.warm <= TARGETS.exportJob)} | ${ratio(exportJob, bareExport)} |`,
  "",
  `The API process's resident memory: ${rssBefore.toFixed(0)} MB before seeding, ${rssAfter.toFixed(0)} MB at the end (+${growth.toFixed(0)} MB; target ≤ ${TARGETS.memoryMb} MB).`,
  "",
  "Command: `npm run bench:admin -- --signatures N` (options `--batch`, `--concurrency`, `--repeat`, `--url`, `--dynamodb`, `--admin-email`, `--admin-password`; `--reports 0 --leads 0` skips the other parts).",
].join("\n");

const lastLine = `admin at ${N}: first page ${firstPage.warm.toFixed(0)} ms, email search ${emailSearch.warm.toFixed(0)} ms, name search ${nameSearch.warm.toFixed(0)} ms, export ${(exportJob.warm / 1000).toFixed(1)} s, memory +${growth.toFixed(0)} MB`;
printAndRecord(`Admin console at ${N.toLocaleString("en-US")} signatures (\`npm run bench:admin\`)`, `${summary}\n\n${lastLine}`);
console.log("Recorded in docs/benchmarks.md");
const reportsMet = values.only === "signatures" ? true : await reportsPart();
const leadsMet = values.only === "signatures" ? true : await leadsPart();
await own?.stop();
const allMet = reportsMet && leadsMet && checks.every(Boolean);
console.log(lastLine);
process.exit(allMet ? 0 : 1);
