/**
 * `npm run bench:capacity`: what one signature costs DynamoDB, per partition key, and the ceiling of
 * one petition that follows. Signs N times through the HTTP API of a throw-away local stack whose
 * every write is recorded (DYNAMODB_CAPACITY_LOG, packages/core/src/db/capacity-log.ts), lets the side
 * effects finish (e-mails, newsletter, sheet sync, outbox acknowledgements), then charges each
 * recorded write by DynamoDB's billing rules (packages/core/src/db/capacity.ts: DynamoDB Local does
 * not bill transactions as DynamoDB does) and attributes it to the partition key it lands on, on
 * the table and on each index. Also computes the origin requests of 100,000 open petition pages from
 * the cache headers the API actually sends and the pages' polling (petition/edge-cache.ts).
 *
 *   npm run bench:capacity -- [--n 2000] [--concurrency 40] [--consent 0.3]
 *
 * Ends with exactly:
 *   reads: N origin requests/s at 100000 open pages
 *   capacity: N signatures/s per petition (hottest: KEY)
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { resetSettings } from "@site/core/config";
import { chargeOf, keyClass, type RecordedWrite } from "@site/core/db/capacity";
import type { LoggedCommand } from "@site/core/db/capacity-log";
import { resetDb } from "@site/core/db/client";
import { Petition } from "@site/core/petition";
import { PETITION_EDGE_CACHE, originRequestsPerSecond, uncachedRequestsPerSecond } from "@site/core/petition/edge-cache";
import { Signature } from "@site/core/signature";
import { fromHeaders } from "@site/core/request/metadata";
import { startEphemeralStack } from "./bench/stack-process";
import { progress, recordSection, runPool } from "./bench/report";
import { closeVisitors, postJson, visitorAddress } from "./bench/visitors";
import { TABLE_NAME } from "./local/stack";
import { FIRST } from "./bench/names";

const { values } = parseArgs({
  options: {
    n: { type: "string", default: "2000" },
    concurrency: { type: "string", default: "40" },
    consent: { type: "string", default: "0.3" },
  },
});
const N = Number(values.n);
const CONCURRENCY = Number(values.concurrency);
const CONSENT = Number(values.consent);
/** One DynamoDB partition's write throughput (and a single item's). */
const PARTITION_WCU = 1000;
const OPEN_PAGES = 100_000;

const logDir = mkdtempSync(join(tmpdir(), "bench-capacity-"));
const logFile = join(logDir, "writes.jsonl");
// a digest of administrators' notices is sent 5 s after it opens (not 10 minutes): its writes are part of the cost
const stack = await startEphemeralStack({ DYNAMODB_CAPACITY_LOG: logFile, ADMIN_NOTICE_DIGEST_SECONDS: "5" });
Object.assign(process.env, { TABLE_NAME, DYNAMODB_ENDPOINT: stack.dynamodb });
resetSettings();
resetDb();
const run = randomUUID().slice(0, 8);
const petition = await Petition.create({
  id: `capacity-${run}`,
  title: "Capacity",
  story: "A story of some length. ".repeat(40),
  goal: N,
  verifySignatures: false,
});
console.log(`Capacity: ${N} signatures (${Math.round(CONSENT * 100)}% with newsletter consent), concurrency ${CONCURRENCY}, every write recorded`);

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
const show = progress("signing", N);
const started = performance.now();
await runPool(
  N,
  CONCURRENCY,
  async (i) => {
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
  },
  show,
);
const signed = N - refused;
const signingSeconds = (performance.now() - started) / 1000;

// The side effects of every signature, then the outbox sweep's quiet: what they wrote is part of the cost.
console.log("  waiting for the side effects (e-mails, newsletter, sheet sync, acknowledgements)");
for (let quiet = 0; quiet < 3;) {
  const { backlog } = (await (await fetch(`${stack.url}/dev/bus.json`)).json()) as { backlog: number };
  const { pending } = (await (await fetch(`${stack.url}/dev/mail-queue.json`)).json()) as { pending: number };
  quiet = backlog === 0 && pending === 0 ? quiet + 1 : 0;
  await new Promise((r) => setTimeout(r, 1000));
}
const runSeconds = (performance.now() - started) / 1000;
const headers = (await fetch(`${stack.url}/api/petitions/${petition.id}`)).headers;
const cacheControl = headers.get("cache-control") ?? "";
await stack.stop();

// ---------------------------------------------------------------------------------------------
// Charge and attribute every recorded write

const commands = readFileSync(logFile, "utf8")
  .split("\n")
  .filter(Boolean)
  .map((line) => JSON.parse(line) as LoggedCommand);
interface KeyTotal {
  cls: string;
  units: number;
}
const perKey = new Map<string, KeyTotal>();
let computedUnits = 0;
let localUnits = 0;
for (const command of commands) {
  for (const write of command.writes) {
    for (const charge of chargeOf(write as RecordedWrite)) {
      const id = `${charge.target}:${charge.partition}`;
      const total = perKey.get(id) ?? { cls: keyClass(charge.target, charge.partition), units: 0 };
      total.units += charge.units;
      perKey.set(id, total);
      computedUnits += charge.units;
    }
  }
  const consumed = Array.isArray(command.consumed) ? command.consumed : command.consumed ? [command.consumed] : [];
  for (const c of consumed as { CapacityUnits?: number; WriteCapacityUnits?: number }[]) localUnits += Number(c.CapacityUnits ?? c.WriteCapacityUnits ?? 0);
}

interface ClassRow {
  cls: string;
  units: number;
  keys: number;
  hottest: number;
  hottestKey: string;
}
const classes = new Map<string, ClassRow>();
for (const [id, total] of perKey) {
  const row = classes.get(total.cls) ?? { cls: total.cls, units: 0, keys: 0, hottest: 0, hottestKey: "" };
  row.units += total.units;
  row.keys += 1;
  if (total.units > row.hottest) Object.assign(row, { hottest: total.units, hottestKey: id });
  classes.set(total.cls, row);
}
const rows = [...classes.values()].sort((a, b) => b.hottest - a.hottest);
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
  NLCOUNT: "subscribers' count shard",
};
/**
 * Keys whose writes follow time and processes, not signatures: at 10,000 signatures a second they
 * take no more than in this run, so a per-signature figure from a slow local run would overstate
 * them. Each is listed with what bounds it; the ceiling comes from the other keys.
 */
const TIME_DRIVEN: Record<string, string> = {
  SHEETSYNC: "one claim per process per debounce (SHEETS_SYNC_DEBOUNCE_MS), and the run lock",
  MAILQLEASE: "the one drainer's lease: renewed once per round",
  MAILDIGEST: "written by the one drainer only, once per fold of up to 500 notices",
  MAILBUDGET: "one conditional write per e-mail sent, and e-mails leave the paced queue at MAIL_RATE_PER_SECOND (mail/budget.ts), not at the signing rate",
};
const perSig = (units: number) => units / signed;
const timeDriven = rows.filter((r) => TIME_DRIVEN[r.cls] !== undefined);
const hottest = rows.find((r) => TIME_DRIVEN[r.cls] === undefined)!;
const ceiling = Math.floor(PARTITION_WCU / perSig(hottest.hottest));

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
const bareSignature = Signature.build(bareReq);
const bareItems = (Signature.transaction(bareReq, bareSignature, 0).input.TransactItems ?? []) as Record<string, any>[];
const bareUnits = bareItems
  .map((t): RecordedWrite => {
    if (t.Put) return { op: "Put", transactional: true, key: { pk: t.Put.Item.pk, sk: t.Put.Item.sk }, after: t.Put.Item };
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
const table = [
  "| key class | write units per signature | keys | signatures per key | hottest key: units per signature |",
  "|---|---|---|---|---|",
  ...rows.map(
    (r) =>
      `| ${LABELS[r.cls] ? `${LABELS[r.cls]} (\`${r.cls}\`)` : `\`${r.cls}\``} | ${fmt(perSig(r.units))} | ${r.keys} | ${(signed / r.keys).toFixed(2)} | ${fmt(perSig(r.hottest))} |`,
  ),
].join("\n");
const summary = [
  `Run ${new Date().toISOString()}, ${signed} signatures over HTTP on a throw-away local stack (${Math.round(CONSENT * 100)}% with newsletter consent), every write of signing and its side effects recorded and charged by DynamoDB's rules (packages/core/src/db/capacity.ts).`,
  "",
  table,
  "",
  `- All writes: ${fmt(perSig(computedUnits))} write units per signature by DynamoDB's rules; DynamoDB Local reported ${fmt(perSig(localUnits))} (it bills a transaction's items once, not twice).`,
  `- Bare baseline: the signing transaction alone is ${bareUnits} write units by the same rules; signing with its side effects costs ${(perSig(computedUnits) / bareUnits).toFixed(2)}× that.`,
  `- Hottest key: \`${hottest.hottestKey}\` (${LABELS[hottest.cls] ?? hottest.cls}), ${fmt(perSig(hottest.hottest))} write units per signature: ${PARTITION_WCU} WCU/s ÷ ${fmt(perSig(hottest.hottest))} = **${ceiling.toLocaleString("en-US")} signatures/s per petition**. (Random shard and bucket choices make the hottest key of a run a little above the average of its class.)`,
  ...timeDriven.map(
    (r) =>
      `- Not per signature: \`${r.cls}\` took ${(r.hottest / runSeconds).toFixed(2)} write units/s on its hottest key over the ${runSeconds.toFixed(0)} s run (${fmt(perSig(r.hottest))} per signature at this run's ${(signed / signingSeconds).toFixed(0)} signatures/s); bounded by ${TIME_DRIVEN[r.cls]}.`,
  ),
  `- Reads: the API answers \`cache-control: ${cacheControl}\`; ${OPEN_PAGES.toLocaleString("en-US")} open pages poll ${uncachedRequestsPerSecond({ openPages: OPEN_PAGES }).toLocaleString("en-US")} requests/s at the edge, which reach the origin at most once per s-maxage (${PETITION_EDGE_CACHE.sMaxAge} s) per object through Origin Shield: **${readsFigure} origin requests/s**.`,
  "",
  "Command: `npm run bench:capacity` (options `--n`, `--concurrency`, `--consent`).",
].join("\n");
console.log(`\n${summary}\n`);
recordSection("Capacity (`npm run bench:capacity`)", summary);
closeVisitors();
console.log("Recorded in docs/benchmarks.md");
console.log(`reads: ${readsFigure} origin requests/s at ${OPEN_PAGES} open pages`);
console.log(`capacity: ${ceiling} signatures/s per petition (hottest: ${hottest.hottestKey})`);
