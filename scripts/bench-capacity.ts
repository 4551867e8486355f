/**
 * `npm run bench:capacity`: what one signature costs the whole AWS account, measured, and the
 * signatures a second that follow at AWS's default quotas and at the quotas a foundation requests
 * (stacks/aws-quotas.ts, stacks/capacity-model.ts). Signs N times through the HTTP API of a
 * throw-away local stack that records every DynamoDB write and read (DYNAMODB_CAPACITY_LOG,
 * packages/core/src/db/capacity-log.ts) and every Lambda invocation, bus event and API request
 * (LOCAL_USAGE_LOG, scripts/local/usage-log.ts), lets the side effects finish (e-mails,
 * spreadsheet, acknowledgements), then charges each write by DynamoDB's billing rules
 * (packages/core/src/db/capacity.ts) per partition key, table and index, and counts the e-mails
 * the outbox holds. `--verify` signs a petition that verifies signatures, every signer opening their
 * link as it arrives (its confirmation counted in). Also computes the origin requests of 100,000
 * open petition pages from the cache headers the API actually sends (petition/edge-cache.ts).
 *
 *   npm run bench:capacity -- [--n 2000] [--concurrency 40] [--consent 0.3] [--verify]
 *
 * Ends with exactly:
 *   write units per signature: X (signing transaction Y)
 *   lambda invocations per signature: X
 *   capacity at default quotas: N signatures/s (binding: RESOURCE)
 *   capacity at requested quotas: N signatures/s (binding: RESOURCE)
 *   capacity: N signatures/s per petition (hottest: KEY)
 *   reads: N origin requests/s at 100000 open pages
 */
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { resetSettings } from "@site/core/config";
import { chargeOf, keyClass, type RecordedWrite } from "@site/core/db/capacity";
import type { LoggedCommand } from "@site/core/db/capacity-log";
import { resetDb } from "@site/core/db/client";
import { Petition } from "@site/core/petition";
import { KNOWN_COUNT_MAX_AGE_MS, REFRESH_READ_UNITS_PER_SHARD } from "@site/core/petition";
import { PETITION_EDGE_CACHE, PETITION_POLL, originRequestsPerSecond, uncachedRequestsPerSecond } from "@site/core/petition/edge-cache";
import { Signature } from "@site/core/signature";
import { fromHeaders } from "@site/core/request/metadata";
import { startEphemeralStack } from "./bench/stack-process";
import { progress, recordSection, runDescription, runPool } from "./bench/report";
import { closeVisitors, postJson, visitorAddress } from "./bench/visitors";
import { openLinksAsTheyArrive } from "./bench/confirmations";
import { TABLE_NAME } from "./local/stack";
import { repoRoot } from "./local/paths";
import type { UsageEntry } from "./local/usage-log";
import { FIRST } from "./bench/names";
import { firstLoads } from "./bench/first-load";
import { AWS_QUOTAS } from "../stacks/aws-quotas";
import { capacity, gbSecondsPerSignature, invocationsPerSignature, rows as capacityRows, type Measured, type MeasuredFunction } from "../stacks/capacity-model";
import { routes } from "../packages/functions/src/routes";
import { deploySettings } from "../stacks/deploy-settings";

const { values } = parseArgs({
  options: {
    n: { type: "string", default: "2000" },
    concurrency: { type: "string", default: "40" },
    consent: { type: "string", default: "0.3" },
    verify: { type: "boolean", default: false },
  },
});
const N = Number(values.n);
const CONCURRENCY = Number(values.concurrency);
const CONSENT = Number(values.consent);
const VERIFY = values.verify;
/** One DynamoDB partition's write throughput (and a single item's). */
const PARTITION_WCU = 1000;
const OPEN_PAGES = 100_000;
/** Quiet signatures timed one at a time first: the signing function's duration without this machine's queueing. */
const QUIET = 40;

const logDir = mkdtempSync(join(tmpdir(), "bench-capacity-"));
const logFile = join(logDir, "writes.jsonl");
const usageFile = join(logDir, "usage.jsonl");
// a digest of administrators' notices is sent 5 s after it opens (not 10 minutes): its writes are part of the cost
const stack = await startEphemeralStack({ DYNAMODB_CAPACITY_LOG: logFile, LOCAL_USAGE_LOG: usageFile, ADMIN_NOTICE_DIGEST_SECONDS: "5" });
Object.assign(process.env, { TABLE_NAME, DYNAMODB_ENDPOINT: stack.dynamodb });
resetSettings();
resetDb();
const run = randomUUID().slice(0, 8);
const petition = await Petition.create({
  id: `capacity-${run}`,
  title: "Capacity",
  story: "A story of some length. ".repeat(40),
  goal: N,
  verifySignatures: VERIFY,
});
console.log(
  `Capacity: ${N} signatures (${Math.round(CONSENT * 100)}% with newsletter consent) on a petition that ${VERIFY ? "verifies signatures (every signer opens their link)" : "counts signatures at once"}, concurrency ${CONCURRENCY}, every write, read and invocation recorded`,
);

// Distinct visitors, each under the per-IP limit, as in npm run bench:sign.
const VISITORS = 1024;
const visitor = (i: number) => visitorAddress(i, VISITORS);
const name = (i: number) => String(i).replace(/[0-9]/g, (d) => "abcdefghij"[Number(d)]);
// Names as varied as people's: the name-search index partitions each name key by its first two
// letters (collection/name-index.ts), so one name shared by every signer would measure a flood of one
// name, not a petition. 16 first and 16 last names of distinct starts (a start is 1/16 ≈ 6 % of
// signers, the commonest real one about 10 %); the e-mail starts with the first name; every signer
// names the same resort (a petition about one resort: the timeshare name's 16 shards take it).
const LAST = [
  "Smith",
  "Johnson",
  "Williams",
  "Brown",
  "Garcia",
  "Miller",
  "Davis",
  "Rodriguez",
  "Martinez",
  "Hernandez",
  "Lopez",
  "Nguyen",
  "Kim",
  "Patel",
  "Okafor",
  "Young",
];
const first = (i: number) => `${FIRST[i % FIRST.length]}${name(i)}`;
const last = (i: number) => LAST[Math.floor(i / FIRST.length) % LAST.length]!;
let refused = 0;
const sign = async (i: number) => {
  const body = JSON.stringify({
    firstName: first(i),
    lastName: last(i),
    email: `${first(i).toLowerCase()}.${last(i).toLowerCase()}-${run}@example.com`,
    timeshareName: "Ocean Villas",
    newsletterConsent: i % 100 < CONSENT * 100,
    client: { screenResolution: "1920x1080", timezone: "America/New_York", language: "en-US" },
  });
  const res = await postJson(`${stack.url}/api/petitions/${petition.id}/signatures`, body, visitor(i), {
    "user-agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
  });
  if (res.status !== 201) refused++;
};
const confirmer = VERIFY ? openLinksAsTheyArrive({ outboxDir: stack.outboxDir, url: stack.url, from: (i) => visitor(N + i) }) : undefined;

// The signing function alone, one request at a time (this machine's queueing left out), then the run.
const quietStart = Date.now();
await runPool(QUIET, 1, (i) => sign(N + 1000 + i));
const quietEnd = Date.now();
const show = progress("signing", N);
const started = performance.now();
await runPool(N, CONCURRENCY, sign, show);
const signed = N + QUIET - refused;
const signingSeconds = (performance.now() - started) / 1000;

// The side effects of every signature (and, verifying, every confirmation), then the outbox sweep's quiet.
console.log(`  waiting for the side effects (e-mails, spreadsheet, acknowledgements${VERIFY ? ", confirmations" : ""})`);
for (let quiet = 0; quiet < 3;) {
  const { backlog } = (await (await fetch(`${stack.url}/dev/bus.json`)).json()) as { backlog: number };
  const { pending } = (await (await fetch(`${stack.url}/dev/mail-queue.json`)).json()) as { pending: number };
  const confirming = confirmer ? confirmer.opened() < signed : false;
  quiet = backlog === 0 && pending === 0 && !confirming ? quiet + 1 : 0;
  await new Promise((r) => setTimeout(r, 1000));
}
await confirmer?.stop();
const runSeconds = (performance.now() - started) / 1000;
const headers = (await fetch(`${stack.url}/api/petitions/${petition.id}`)).headers;
const cacheControl = headers.get("cache-control") ?? "";
const counted = await Petition.counts(petition.id, true);
// SES: every e-mail the outbox holds is one SendEmail.
const sesSends = readdirSync(stack.outboxDir).filter((f) => f.endsWith(".json")).length;
await stack.stop();

// ---------------------------------------------------------------------------------------------
// Charge and attribute every recorded write and read

const commands = readFileSync(logFile, "utf8")
  .split("\n")
  .filter(Boolean)
  .map((line) => JSON.parse(line) as LoggedCommand);
interface KeyTotal {
  cls: string;
  units: number;
  reads: number;
}
const perKey = new Map<string, KeyTotal>();
const keyTotal = (target: string, partition: string) => {
  const id = `${target}:${partition}`;
  let total = perKey.get(id);
  if (!total) perKey.set(id, (total = { cls: keyClass(target, partition), units: 0, reads: 0 }));
  return total;
};
let computedUnits = 0;
let localUnits = 0;
let readUnits = 0;
const perTarget = new Map<string, number>();
for (const command of commands) {
  for (const write of command.writes) {
    for (const charge of chargeOf(write as RecordedWrite)) {
      keyTotal(charge.target, charge.partition).units += charge.units;
      perTarget.set(charge.target, (perTarget.get(charge.target) ?? 0) + charge.units);
      computedUnits += charge.units;
    }
  }
  for (const read of command.reads ?? []) {
    keyTotal(read.target, read.partition).reads += read.units;
    readUnits += read.units;
  }
  if (command.reads) continue;
  const consumed = Array.isArray(command.consumed) ? command.consumed : command.consumed ? [command.consumed] : [];
  for (const c of consumed as { CapacityUnits?: number; WriteCapacityUnits?: number }[]) localUnits += Number(c.CapacityUnits ?? c.WriteCapacityUnits ?? 0);
}

interface ClassRow {
  cls: string;
  units: number;
  reads: number;
  keys: number;
  hottest: number;
  hottestReads: number;
  hottestKey: string;
}
/** A key's share of a partition per signature: 1,000 write units or 3,000 read units a second. */
const load = (writes: number, reads: number) => writes / PARTITION_WCU + reads / 3000;
const classes = new Map<string, ClassRow>();
for (const [id, total] of perKey) {
  const row = classes.get(total.cls) ?? { cls: total.cls, units: 0, reads: 0, keys: 0, hottest: 0, hottestReads: 0, hottestKey: "" };
  row.units += total.units;
  row.reads += total.reads;
  row.keys += 1;
  if (load(total.units, total.reads) > load(row.hottest, row.hottestReads))
    Object.assign(row, { hottest: total.units, hottestReads: total.reads, hottestKey: id });
  classes.set(total.cls, row);
}
const rows = [...classes.values()].sort((a, b) => load(b.hottest, b.hottestReads) - load(a.hottest, a.hottestReads));
const LABELS: Record<string, string> = {
  COUNT: "counter shard",
  GEO: "counts by place (state, country) on the counter's shard",
  SIG: "signature",
  GUARD: "e-mail guard",
  RATE: "rate window",
  OUTBOX: "outbox",
  SIGIDX: "admin index row",
  "gsi1:SIGNATURES": "gsi1: all signatures by date",
  "gsi3:PERSON": "gsi3: person index",
  EFFECT: "side effect's once() lease",
  MAILCAP: "visitor mail cap",
  NEWSLETTER: "newsletter subscriber",
  NLIDX: "subscribers' admin index row",
  NLTOKEN: "newsletter confirmation token",
  NLUNSUB: "unsubscribe lookup",
  SHEETSYNC: "sheet sync marker",
  MAILQ: "mail queue lanes",
  MAILQLEASE: "mail queue drainer's lease",
  MAILDIGEST: "administrators' digest",
  MAILBUDGET: "SES budget of the day",
  MAILDOMAIN: "domain brake's hourly count (one write per domain per drain round)",
  MAILBREAKER: "feedback breaker's state",
  NLCOUNT: "subscribers' count shard",
};
/**
 * Keys whose writes follow time and processes, not signatures: at 10,000 signatures a second they
 * take no more than in this run, so a per-signature figure from a slow local run would overstate
 * them. Each is listed with what bounds it; the ceiling comes from the other keys.
 */
const TIME_DRIVEN: Record<string, string> = {
  SHEETSYNC: "one claim per process per debounce (SHEETS_SYNC_DEBOUNCE_MS), and the run lock",
  MAILQLEASE: "the drainers' leases: renewed once per round",
  MAILDIGEST: "written by a drainer only, once per fold of notices",
  MAILBUDGET:
    "one conditional write per take of the mail budget, and e-mails leave the paced queue at MAIL_RATE_PER_SECOND (mail/budget.ts), not at the signing rate",
};
/** Keys read on a clock (a drainer's polling, a sweep), not per signature: their reads are left out of the busiest key. */
const READ_TIME_DRIVEN = new Set([...Object.keys(TIME_DRIVEN), "MAILQ", "OUTBOX", "STREAMPOS"]);
const perSig = (units: number) => units / signed;
const timeDriven = rows.filter((r) => TIME_DRIVEN[r.cls] !== undefined);
const keyReads = (r: ClassRow) => (READ_TIME_DRIVEN.has(r.cls) ? 0 : r.hottestReads);
const hottest = rows.filter((r) => TIME_DRIVEN[r.cls] === undefined).sort((a, b) => load(b.hottest, keyReads(b)) - load(a.hottest, keyReads(a)))[0]!;

// Lambda, EventBridge, API Gateway: the usage log.
const usage = existsSync(usageFile)
  ? readFileSync(usageFile, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as UsageEntry)
  : [];
const invocations = usage.filter((u): u is Extract<UsageEntry, { kind: "invoke" }> => u.kind === "invoke");
const signRoute = routes.find((r) => r.handler.endsWith("/signature-create.handler"))!;
const quietSigning = invocations.filter((u) => u.fn === signRoute.handler && u.at >= quietStart && u.at <= quietEnd + 1000);
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const signSeconds = mean(quietSigning.map((u) => u.ms)) / 1000;
const limits = deploySettings("bench");
const byFn = new Map<string, number[]>();
for (const u of invocations) byFn.set(u.fn, [...(byFn.get(u.fn) ?? []), u.ms]);
const shortName = (fn: string) => fn.replace(/^packages\/functions\/src\/(?:http|events|jobs)\//, "").replace(/\.handler$/, "");
const functions: MeasuredFunction[] = [...byFn.entries()]
  .map(([fn, ms]) => ({
    fn: shortName(fn),
    perSignature: ms.length / signed,
    // the signing function as it runs alone (this machine's queueing under 40 at once left out); the rest as measured
    meanMs: fn === signRoute.handler ? signSeconds * 1000 : mean(ms),
    memoryMb: fn === signRoute.handler ? limits.SIGN_MEMORY_MB : 512,
  }))
  .sort((a, b) => b.perSignature - a.perSignature);
const appEvents = usage.filter((u) => u.kind === "event" && u.source !== "aws.ses").length;
const eventDeliveries = invocations.filter((u) => u.trigger === "event").length;
const apiRequests = invocations.filter((u) => u.trigger === "api").length;

// CloudFront (computed, not measured): the sign page and its scripts, the signing request, the share
// page's polls of the petition and its count for a minute, and the beacon's three hits.
const SIGNER_DWELL_SECONDS = 60;
const BEACON_HITS_PER_SIGNER = 3;
const distDir = join(repoRoot, "web/dist");
const signPage = existsSync(join(distDir, ".vite/manifest.json")) ? firstLoads(distDir).find((p) => p.route === "/sign/:id") : undefined;
const pageRequests = 1 + (signPage?.files.length ?? 12);
const edgeRequests = pageRequests + 1 + (2 * SIGNER_DWELL_SECONDS) / (PETITION_POLL.initialMs / 1000) + BEACON_HITS_PER_SIGNER;

const indexWrites = Object.fromEntries([...perTarget.entries()].filter(([t]) => t !== "table").map(([t, u]) => [t, perSig(u)]));
const measured: Measured = {
  tableWrites: perSig(perTarget.get("table") ?? 0),
  indexWrites,
  reads: perSig(readUnits),
  hottest: { key: hottest.hottestKey, writes: perSig(hottest.hottest), reads: perSig(keyReads(hottest)) },
  // a signing process reads each counter shard once per KNOWN_COUNT_MAX_AGE_MS (1 read unit, strongly consistent) to answer signers
  shardReadsPerProcessPerSecond: VERIFY ? 0 : (1000 / KNOWN_COUNT_MAX_AGE_MS) * REFRESH_READ_UNITS_PER_SHARD,
  signSeconds,
  functions,
  putEvents: appEvents / signed,
  eventInvocations: eventDeliveries / signed,
  apiRequests: apiRequests / signed,
  edgeRequests,
  sesSends: sesSends / signed,
  mailCounts: VERIFY,
};
const model = capacityRows(measured);
const atDefault = capacity(model, "default");
const atRequested = capacity(model, "requested");
const perKeyCeiling = Math.floor(model.find((r) => r.resource.startsWith("DynamoDB busiest key"))!.atDefault);

// The bare baseline: the signing transaction alone, its items charged by the same rules.
const bareReq: Signature.SignRequest = {
  petitionId: petition.id,
  client: "192.0.2.1",
  firstName: "Bare",
  lastName: "Signer",
  email: `bare-${run}@example.com`,
  timeshareName: "Ocean Villas",
  newsletterConsent: false,
  meta: Signature.metaDetails(fromHeaders({ "user-agent": "Mozilla/5.0 Chrome/126.0" }, "192.0.2.1"), {
    screenResolution: "1920x1080",
    timezone: "America/New_York",
    language: "en-US",
  }),
};
const bareSignature = Signature.build(bareReq, new Date(), VERIFY ? "pending" : "unverified");
const bareItems = (Signature.transaction(bareReq, bareSignature, 0).input.TransactItems ?? []) as Record<string, any>[];
const bareUnits = bareItems
  .map((t): RecordedWrite => {
    if (t.Put) return { op: "Put", transactional: true, key: { pk: t.Put.Item.pk, sk: t.Put.Item.sk }, after: t.Put.Item };
    if (t.ConditionCheck) return { op: "ConditionCheck", transactional: true, key: t.ConditionCheck.Key, before: { ...t.ConditionCheck.Key, count: 1 } };
    // the shard (a small counter), the rate window and the counts by place exist as small items
    return {
      op: "Update",
      transactional: true,
      key: t.Update.Key,
      before: { ...t.Update.Key, count: 1, hits: 1 },
      after: { ...t.Update.Key, count: 2, hits: 2 },
    };
  })
  .flatMap((w) => chargeOf(w))
  .reduce((sum, c) => sum + c.units, 0);

const sMaxAge = Number(/s-maxage=(\d+)/.exec(cacheControl)?.[1] ?? 0);
const reads = sMaxAge > 0 ? originRequestsPerSecond({ openPages: OPEN_PAGES, cache: { sMaxAge } }) : uncachedRequestsPerSecond({ openPages: OPEN_PAGES });
const readsFigure = Number(reads.toFixed(1));

const fmt = (n: number) => n.toFixed(3);
const int = (n: number) => (Number.isFinite(n) ? Math.floor(n).toLocaleString("en-US") : "no limit");
const keyTable = [
  "| key class | write units per signature | read units per signature | keys | signatures per key | busiest key: write + read units per signature |",
  "|---|---|---|---|---|---|",
  ...rows.map(
    (r) =>
      `| ${LABELS[r.cls] ? `${LABELS[r.cls]} (\`${r.cls}\`)` : `\`${r.cls}\``} | ${fmt(perSig(r.units))} | ${fmt(perSig(r.reads))}${READ_TIME_DRIVEN.has(r.cls) && r.reads ? " (on a clock)" : ""} | ${r.keys} | ${(signed / r.keys).toFixed(2)} | ${fmt(perSig(r.hottest))} + ${fmt(perSig(r.hottestReads))} |`,
  ),
].join("\n");
const resourceTable = [
  "| resource | per signature | ceiling at default quotas (signatures/s) | ceiling at requested quotas (signatures/s) | |",
  "|---|---|---|---|---|",
  ...model.map(
    (r) =>
      `| ${r.resource} | ${r.use.toFixed(3)} ${r.unit} | ${int(r.atDefault)} | ${int(r.atRequested)} | ${r.binding ? "" : "not a limit: "}${r.note ?? ""} |`,
  ),
].join("\n");
const functionTable = [
  "| function | invocations per signature | mean duration (ms) | memory (MB) |",
  "|---|---|---|---|",
  ...functions.map((f) => `| ${f.fn} | ${f.perSignature.toFixed(3)} | ${f.meanMs.toFixed(0)} | ${f.memoryMb} |`),
].join("\n");
const quotaTable = [
  "| quota | default | requested | adjustable |",
  "|---|---|---|---|",
  ...AWS_QUOTAS.map(
    (q) => `| ${q.resource} (${q.unit}) | ${q.default.toLocaleString("en-US")} | ${q.requested.toLocaleString("en-US")} | ${q.adjustable ? "yes" : "no"} |`,
  ),
].join("\n");
const writesLine = `write units per signature: ${perSig(computedUnits).toFixed(1)} (signing transaction ${bareUnits})`;
const invocationsLine = `lambda invocations per signature: ${invocationsPerSignature(measured).toFixed(2)}`;
const defaultLine = `capacity at default quotas: ${atDefault.signaturesPerSecond} signatures/s (binding: ${atDefault.binding})`;
const requestedLine = `capacity at requested quotas: ${atRequested.signaturesPerSecond} signatures/s (binding: ${atRequested.binding})`;
const keyLine = `capacity: ${perKeyCeiling} signatures/s per petition (hottest: ${hottest.hottestKey})`;
const readsLine = `reads: ${readsFigure} origin requests/s at ${OPEN_PAGES} open pages`;
const summary = [
  `${runDescription()}: ${N} signatures over HTTP at ${CONCURRENCY} at once (and ${QUIET} one at a time first) on a throw-away local stack, ${Math.round(CONSENT * 100)}% with newsletter consent, on a petition that ${VERIFY ? "verifies signatures, every signer opening their link as it arrived" : "counts signatures at once"}; every DynamoDB write and read, Lambda invocation, bus event and API request recorded, writes charged by DynamoDB's rules (packages/core/src/db/capacity.ts), reads as DynamoDB Local billed them; the ceilings from stacks/capacity-model.ts against stacks/aws-quotas.ts.`,
  "",
  `Signed ${signed} (refused ${refused})${VERIFY ? `, confirmed ${counted.count}, still pending ${counted.pending}` : `, counted ${counted.count}`}; ${sesSends} e-mails; run ${runSeconds.toFixed(0)} s.`,
  "",
  resourceTable,
  "",
  "Lambda, measured (the signing function's duration from the one-at-a-time signatures; the others under this run's load):",
  "",
  functionTable,
  "",
  `- Lambda: ${invocationsPerSignature(measured).toFixed(3)} invocations and ${gbSecondsPerSignature(measured).toFixed(4)} GB-seconds per signature.`,
  `- EventBridge: ${measured.putEvents.toFixed(3)} PutEvents entries and ${measured.eventInvocations.toFixed(3)} rule-target invocations per signature; API Gateway ${measured.apiRequests.toFixed(3)} requests per signature; SES ${measured.sesSends.toFixed(3)} e-mails per signature.`,
  `- CloudFront (computed): ${edgeRequests.toFixed(0)} requests per signer: the sign page's ${pageRequests} (HTML and first-load scripts${signPage ? ", from web/dist" : ", web/dist not built: 12 assumed"}), the signing request, ${SIGNER_DWELL_SECONDS} s of polling two objects every ${PETITION_POLL.initialMs / 1000} s, ${BEACON_HITS_PER_SIGNER} beacon hits.`,
  `- Every busy signing process reads each counter shard every ${KNOWN_COUNT_MAX_AGE_MS / 1000} s, eventually consistent, to answer signers (${measured.shardReadsPerProcessPerSecond} read units/s per process; ${signSeconds.toFixed(3)} s per signature ⇒ rate × ${signSeconds.toFixed(3)} processes): added to the busiest key's reads and the table's.`,
  "",
  "The quotas (stacks/aws-quotas.ts, sources there and in docs/operations.md):",
  "",
  quotaTable,
  "",
  "Write and read units by key:",
  "",
  keyTable,
  "",
  `- All writes: ${fmt(perSig(computedUnits))} write units per signature by DynamoDB's rules (table ${fmt(measured.tableWrites)}, indexes ${fmt(perSig(computedUnits) - measured.tableWrites)}); DynamoDB Local reported ${fmt(perSig(localUnits))} (it bills a transaction's items once, not twice).`,
  `- All reads: ${fmt(perSig(readUnits))} read units per signature as DynamoDB Local billed them.`,
  `- Bare baseline: the signing transaction alone is ${bareUnits} write units by the same rules; signing with its side effects costs ${(perSig(computedUnits) / bareUnits).toFixed(2)}× that.`,
  `- Busiest key: \`${hottest.hottestKey}\` (${LABELS[hottest.cls] ?? hottest.cls}), ${fmt(perSig(hottest.hottest))} write and ${fmt(perSig(keyReads(hottest)))} read units per signature, with the signing processes' count refreshes: **${perKeyCeiling.toLocaleString("en-US")} signatures/s per petition**. (Random shard and bucket choices make the busiest key of a run a little above the average of its class.)`,
  ...timeDriven.map(
    (r) =>
      `- Not per signature: \`${r.cls}\` took ${(r.hottest / runSeconds).toFixed(2)} write units/s on its busiest key over the ${runSeconds.toFixed(0)} s run (${fmt(perSig(r.hottest))} per signature at this run's ${(signed / signingSeconds).toFixed(0)} signatures/s); bounded by ${TIME_DRIVEN[r.cls]}.`,
  ),
  `- Reads at the edge: the API answers \`cache-control: ${cacheControl}\`; ${OPEN_PAGES.toLocaleString("en-US")} open pages poll ${uncachedRequestsPerSecond({ openPages: OPEN_PAGES }).toLocaleString("en-US")} requests/s at the edge, which reach the origin at most once per s-maxage (${PETITION_EDGE_CACHE.sMaxAge} s) per object through Origin Shield: **${readsFigure} origin requests/s** (computed from the headers).`,
  "",
  "```",
  writesLine,
  invocationsLine,
  defaultLine,
  requestedLine,
  keyLine,
  readsLine,
  "```",
  "",
  "Command: `npm run bench:capacity` (options `--n`, `--concurrency`, `--consent`, `--verify`).",
].join("\n");
console.log(`\n${summary}\n`);
recordSection(VERIFY ? "Capacity, verifying petition (`npm run bench:capacity -- --verify`)" : "Capacity (`npm run bench:capacity`)", summary);
closeVisitors();
console.log("Recorded in docs/benchmarks.md");
console.log(writesLine);
console.log(invocationsLine);
console.log(defaultLine);
console.log(requestedLine);
console.log(keyLine);
console.log(readsLine);
