/**
 * `npm run stress:sign`: N signatures at concurrency C over HTTP on a throw-away local stack, then
 * proves none was lost or duplicated: every accepted signature id is stored exactly once, every
 * e-mail once, the petition's count equals the stored signatures, and so do its e-mail guards and
 * admin index rows. Prints throughput and latency percentiles and records them in docs/benchmarks.md.
 *
 *   npm run stress:sign -- [--n 10000] [--concurrency 200]
 *
 * All requests come from this machine. Each visitor connects from its own loopback address (as
 * distinct visitors would have distinct IPs, so no single rate-limit window item takes every write),
 * and the stack is started with a per-client sign limit above N; nothing forges CloudFront's viewer
 * address (the local server removes it, as CloudFront would).
 */
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import { resetSettings } from "@site/core/config";
import { resetDb } from "@site/core/db/client";
import { storedSignatures } from "./bench/stored-signatures";
import { Petition } from "@site/core/petition";
import { startEphemeralStack } from "./bench/stack-process";
import { closeVisitors, postJson, visitorAddress } from "./bench/visitors";
import { percentile, progress, recordSection, runDescription, runPool } from "./bench/report";
import { TABLE_NAME } from "./local/stack";

const { values } = parseArgs({
  options: {
    n: { type: "string", default: "10000" },
    concurrency: { type: "string", default: "200" },
  },
});
const N = Number(values.n);
const CONCURRENCY = Number(values.concurrency);
if (!Number.isInteger(N) || N < 1 || !Number.isInteger(CONCURRENCY) || CONCURRENCY < 1) {
  console.error("--n and --concurrency must be whole numbers of at least 1");
  process.exit(2);
}

console.log(`Stress: ${N} signatures at concurrency ${CONCURRENCY}; starting a throw-away local stack`);
const stack = await startEphemeralStack({ SIGN_RATE_LIMIT_PER_MINUTE: String(N * 10) });
Object.assign(process.env, { TABLE_NAME, DYNAMODB_ENDPOINT: stack.dynamodb });
resetSettings();
resetDb();

const run = randomUUID().slice(0, 8);
const petition = await Petition.create({ id: `stress-${run}`, title: "Stress (signing)", story: "Stress test petition", goal: N, verifySignatures: false });
const email = (i: number) => `stress-${run}-${i}@example.com`;
// names take letters only: the index with 0-9 spelled a-j
const letters = (i: number) => String(i).replace(/[0-9]/g, (d) => "abcdefghij"[Number(d)]);

interface Outcome {
  status: number;
  signatureId?: string;
  signatureCount?: number;
  error?: string;
}
const outcomes: Outcome[] = new Array(N);
const shown = progress("signed", N);
const started = new Date();
const pool = await runPool(
  N,
  CONCURRENCY,
  async (i) => {
    try {
      const res = await postJson(
        `${stack.url}/api/petitions/${petition.id}/signatures`,
        JSON.stringify({
          firstName: `Stress ${letters(i)}`,
          lastName: "Signer",
          email: email(i),
          client: { screenResolution: "1920x1080", timezone: "America/New_York", language: "en-US" },
        }),
        visitorAddress(i),
        { "user-agent": "stress-sign/1.0" },
      );
      let body: { signatureId?: string; signatureCount?: number; error?: string } = {};
      try {
        body = JSON.parse(res.body) as typeof body;
      } catch {
        body = { error: res.body.slice(0, 200) };
      }
      outcomes[i] = {
        status: res.status,
        signatureId: body.signatureId,
        signatureCount: body.signatureCount,
        error: res.status === 201 ? undefined : body.error,
      };
    } catch (err) {
      outcomes[i] = { status: 0, error: String(err) };
    }
  },
  (done) => shown(done),
);

// A request the API gave up on (a timeout) may still commit inside DynamoDB Local afterwards:
// verify once the petition's count has stopped moving.
console.log("  waiting for the table to settle, then verifying");
for (let last = -1, stable = 0; stable < 3;) {
  const now = await Petition.count(petition.id, true);
  stable = now === last ? stable + 1 : 0;
  last = now;
  await new Promise((r) => setTimeout(r, 1000));
}
const { signatures, guards, indexRows, count } = await storedSignatures(petition.id);

const accepted = outcomes.filter((o) => o.status === 201);
const acceptedIds = accepted.map((o) => o.signatureId!);
const storedIds = signatures.map((s) => String(s.id));
const storedSet = new Set(storedIds);
const acceptedSet = new Set(acceptedIds);
const storedEmails = signatures.map((s) => String(s.emailNormalized));
const refusals = new Map<string, number>();
for (const o of outcomes.filter((x) => x.status !== 201)) {
  const key = `${o.status || "network error"}: ${o.error}`;
  refusals.set(key, (refusals.get(key) ?? 0) + 1);
}

const checks = {
  /** accepted (201) but not stored */
  lost: acceptedIds.filter((id) => !storedSet.has(id)).length,
  /** stored more than once, or one id answered to two requests */
  duplicated: storedIds.length - storedSet.size + (acceptedIds.length - acceptedSet.size),
  /** stored without having been accepted (a request that failed but wrote) */
  unacknowledged: storedIds.filter((id) => !acceptedSet.has(id)).length,
  duplicateEmails: storedEmails.length - new Set(storedEmails).size,
  countExact: count === storedIds.length && count === accepted.length,
  guardsExact: guards.length === storedIds.length,
  indexExact: indexRows.length === storedIds.length && new Set(indexRows.map((r) => String(r.sk))).size === indexRows.length,
  // the last signer to commit reads a count that includes everyone
  lastCountSeen: Math.max(0, ...accepted.map((o) => o.signatureCount ?? 0)),
};
const intact =
  checks.lost === 0 &&
  checks.duplicated === 0 &&
  checks.unacknowledged === 0 &&
  checks.duplicateEmails === 0 &&
  checks.countExact &&
  checks.guardsExact &&
  checks.indexExact &&
  checks.lastCountSeen === accepted.length;
const allAccepted = accepted.length === N;

const latencies = pool.latencies;
const fmt = (ms: number) => `${ms.toFixed(0)} ms`;
const { backlog } = (await (await fetch(`${stack.url}/dev/bus.json`)).json()) as { backlog: number };
const summary = [
  `${runDescription(started)}:`,
  `${N} signatures at concurrency ${CONCURRENCY} over HTTP, one petition, throw-away local stack (DynamoDB Local, in-process bus),`,
  `visitors spread over ${Math.min(N, 4096)} loopback addresses, per-client limit raised above N.`,
  "",
  "| signatures/s | p50 | p90 | p99 | max | wall time |",
  "|---|---|---|---|---|---|",
  `| ${(N / pool.seconds).toFixed(0)} | ${fmt(percentile(latencies, 50))} | ${fmt(percentile(latencies, 90))} | ${fmt(percentile(latencies, 99))} | ${fmt(latencies.at(-1) ?? NaN)} | ${pool.seconds.toFixed(1)} s |`,
  "",
  `- Accepted (201): ${accepted.length} of ${N}${refusals.size ? `; refused or failed: ${[...refusals].map(([k, v]) => `${v} × ${k}`).join("; ")}` : ""}`,
  `- Lost (accepted, not stored): ${checks.lost}; duplicated: ${checks.duplicated}; stored without a 201: ${checks.unacknowledged}; e-mails stored twice: ${checks.duplicateEmails}`,
  `- Count ${count}, stored signatures ${storedIds.length}, e-mail guards ${guards.length}, admin index rows ${indexRows.length}: ${checks.countExact && checks.guardsExact && checks.indexExact ? "exact" : "MISMATCH"}; highest count a signer was shown: ${checks.lastCountSeen}`,
  `- Side effects still queued on the local bus when the run ended (delivered after it): ${backlog}`,
  `- Integrity (0 lost, 0 duplicated, count exact): ${intact ? "pass" : "FAIL"}; every request accepted: ${allAccepted ? "yes" : `NO (${N - accepted.length} not; their causes are in the run's log)`}`,
  "",
  "Command: `npm run stress:sign` (options `--n`, `--concurrency`).",
].join("\n");

console.log(`\n${summary}\n`);
recordSection("Stress: signing (`npm run stress:sign`)", summary);
console.log("Recorded in docs/benchmarks.md");
closeVisitors();
await stack.stop();
process.exit(intact && allAccepted ? 0 : 1);
