/**
 * `npm run bench:surge`: replays a surge on a throw-away local stack. Signers arrive on a ramp (their
 * concurrency grows linearly from a few to --peak over --ramp-seconds, then holds until all N are
 * sent), each from its own loopback visitor address, while --pollers open petition pages poll the
 * count every ~10 s (jittered). Then it waits for the side effects to
 * drain (the local bus, the paced mail queue when the stack has one, the outbox directory) and proves:
 *
 * - in DynamoDB Local: every accepted signature id stored exactly once, no e-mail stored twice, the
 *   petition's count equal to the stored signatures, and so its e-mail guards and admin index rows
 *   (as `npm run stress:sign` does);
 * - in the stack's mail outbox (one JSON file per e-mail): every signer got their share e-mail once,
 *   every consenting signer one newsletter confirmation, and the administrators' notices (single ones
 *   plus digests, by the signatures each covers) add up to the signatures, when recipients are set.
 *
 * Also times a bare baseline in the same run (the signing transaction sent straight to DynamoDB Local,
 * and GETs of the count on a quiet stack) and records the figures in docs/benchmarks.md.
 *
 *   npm run bench:surge -- [--n 20000] [--peak 200] [--pollers 1000] [--ramp-seconds 20] [--poll-origin]
 *
 * The pages poll through an edge stand-in that answers as CloudFront does deployed, from its copy by
 * the origin's Cache-Control (scripts/bench/edge-stand-in.ts); `--poll-origin` sends every poll to the
 * origin instead (the load a site without its edge cache would take).
 *
 * The last line printed is exactly
 *   surge: N signed, N lost, N duplicated, count exact|count off by D, N server errors, p99 N ms
 * and the exit code is 0 only when nothing was lost, duplicated, refused, failed or answered 5xx, the
 * count is exact and the mail checks pass.
 *
 * `--verify` runs the same surge on a petition that verifies signatures, its e-mail sent at a
 * simulated SES rate (`--ses-rate`, e-mails/s: the local outbox refuses beyond it as SES throttles),
 * every signer opening their confirmation link as it arrives (scripts/bench/confirmations.ts); it
 * then proves every signature confirmed and counted once, and ends with exactly
 *   surge (verified): N signed, N confirmed, N lost, N duplicated, count exact|count off by D, N server errors, p99 N ms
 */
import { randomUUID } from "node:crypto";
import { setMaxListeners } from "node:events";
import { existsSync, readFileSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { request } from "node:http";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { resetSettings } from "@site/core/config";
import { resetDb } from "@site/core/db/client";
import type { OutboxMessage } from "@site/core/mail/outbox";
import { Petition } from "@site/core/petition";
import { fromHeaders } from "@site/core/request/metadata";
import { Signature } from "@site/core/signature";
import { ORIGIN_ATTRIBUTE } from "@site/core/signature/origin";
import { storedSignatures } from "./bench/stored-signatures";
import { percentile, recordSection, runDescription, runPool } from "./bench/report";
import { startEphemeralStack } from "./bench/stack-process";
import { EdgeStandIn } from "./bench/edge-stand-in";
import { closeVisitors, postJson, visitorAddress } from "./bench/visitors";
import { openLinksAsTheyArrive } from "./bench/confirmations";
import { repoRoot } from "./local/paths";
import { TABLE_NAME } from "./local/stack";

// ---------------------------------------------------------------------------------------------
// Options

const { values } = parseArgs({
  options: {
    n: { type: "string" },
    verify: { type: "boolean", default: false },
    "ses-rate": { type: "string", default: "100" },
    peak: { type: "string", default: "200" },
    pollers: { type: "string", default: "1000" },
    "ramp-seconds": { type: "string", default: "20" },
    /** the pollers ask the origin every time, as if no CloudFront stood in front of it */
    "poll-origin": { type: "boolean", default: false },
  },
});
const POLL_ORIGIN = values["poll-origin"];
const VERIFY = values.verify;
/** On a verifying petition every signer gets two e-mails at the simulated SES rate: fewer signers by default. */
const N = Number(values.n ?? (VERIFY ? 5000 : 20000));
const SES_RATE = Number(values["ses-rate"]);
const PEAK = Number(values.peak);
const POLLERS = Number(values.pollers);
const RAMP_SECONDS = Number(values["ramp-seconds"]);
if (
  !Number.isInteger(N) ||
  N < 1 ||
  !Number.isInteger(PEAK) ||
  PEAK < 1 ||
  !Number.isInteger(POLLERS) ||
  POLLERS < 0 ||
  !Number.isFinite(RAMP_SECONDS) ||
  RAMP_SECONDS < 0 ||
  !Number.isInteger(SES_RATE) ||
  SES_RATE < 1
) {
  console.error("--n, --peak and --ses-rate must be whole numbers of at least 1, --pollers a whole number, --ramp-seconds a number of at least 0");
  process.exit(2);
}

/** Concurrency at the start of the ramp. */
const RAMP_FROM = Math.min(PEAK, 4);
/** Distinct signer addresses; pollers take the next POLLERS addresses. */
const SIGNER_ADDRESSES = Math.min(N, 4096);
const SIGNS_PER_ADDRESS = Math.ceil(N / SIGNER_ADDRESSES);
/** Above what any one signer address sends even if all its signatures land in one minute. */
const SIGN_LIMIT = Math.max(10, 2 * SIGNS_PER_ADDRESS);
const CONSENT_SHARE = 0.3;
const POLL_INTERVAL_MS = 10_000;
/** A request unanswered this long counts as failed (the script must end by itself). */
const REQUEST_TIMEOUT_MS = 60_000;
/** Signing sends nothing new after this. */
const SIGNING_DEADLINE_MS = 30 * 60_000;
/** Each wait for side effects gives up after this and reports a failure. */
/** The side effects of a surge take the local bus (2 deliveries at a time) a while: 45 minutes at the most. */
const DRAIN_DEADLINE_MS = 45 * 60_000;
const BASELINE_N = Math.min(300, Math.max(50, N));
const BASELINE_CONCURRENCY = 4;

const signerAddress = (i: number) => visitorAddress(i, SIGNER_ADDRESSES);
const pollerAddress = (p: number) => visitorAddress(SIGNER_ADDRESSES + p, SIGNER_ADDRESSES + POLLERS + 1);
/** The edge stand-in's own address: CloudFront asks the origin from its own. */
const EDGE_ADDRESS = visitorAddress(SIGNER_ADDRESSES + POLLERS, SIGNER_ADDRESSES + POLLERS + 1);

// Admin notices go to ADMIN_NOTIFY_RECIPIENTS; the local stack sets its administrator when it is
// unset ("none" turns them off). The stack reads .env as well, without overriding the environment.
function adminRecipientsConfigured(): boolean {
  let value = process.env.ADMIN_NOTIFY_RECIPIENTS;
  const envFile = join(repoRoot, ".env");
  if (!value && existsSync(envFile)) {
    const line = readFileSync(envFile, "utf8")
      .split("\n")
      .find((l) => /^\s*ADMIN_NOTIFY_RECIPIENTS\s*=/.test(l));
    value = line
      ?.split("=")
      .slice(1)
      .join("=")
      .replace(/#.*$/, "")
      .trim()
      .replace(/^["']|["']$/g, "");
  }
  if (!value) return true; // the local administrator (scripts/local/stack.ts)
  if (value.trim().toLowerCase() === "none") return false;
  return value.split(",").some((s) => s.trim() !== "");
}

// ---------------------------------------------------------------------------------------------
// HTTP helpers of this script

class RequestTimeout extends Error {}
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new RequestTimeout(`no answer within ${ms / 1000} s`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * A GET from a visitor's own loopback address, as an open page polls: a connection of its own each
 * time (a page polling every 10 s outlives the server's keep-alive), no forged header.
 */
function getFrom(url: string, from: string, timeoutMs: number): Promise<{ status: number; body: string; cacheControl: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: "GET", agent: false, localAddress: from, headers: { "user-agent": "bench-surge/1.0 (open page)", accept: "application/json" } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8"), cacheControl: String(res.headers["cache-control"] ?? "") }),
        );
        res.on("error", reject);
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new RequestTimeout(`no answer within ${timeoutMs / 1000} s`)));
    req.on("error", reject);
    req.end();
  });
}

async function getJson<T>(url: string): Promise<{ status: number; body?: T }> {
  const res = await withTimeout(fetch(url), 30_000);
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) as T };
  } catch {
    return { status: res.status };
  }
}

const fmtMs = (ms: number) => (Number.isFinite(ms) ? `${ms.toFixed(0)} ms` : "n/a");
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

// ---------------------------------------------------------------------------------------------
// The stack and the petition

console.log(
  `Surge: ${N} signatures ramping from ${RAMP_FROM} to ${PEAK} concurrent over ${RAMP_SECONDS} s, ${POLLERS} open pages polling every ~${POLL_INTERVAL_MS / 1000} s; starting a throw-away local stack`,
);
// The outbox is files, not SES: the queue may send as fast as the machine goes. A digest gathers 30 s, not 10 minutes.
// Verifying, the outbox plays SES at --ses-rate and the mail budget paces to it.
const stackEnv = {
  SIGN_RATE_LIMIT_PER_MINUTE: String(SIGN_LIMIT),
  MAIL_RATE_PER_SECOND: VERIFY ? String(SES_RATE) : "1000",
  ...(VERIFY ? { SES_SIMULATED_RATE: String(SES_RATE) } : {}),
  MAIL_DAILY_QUOTA: "100000000",
  ADMIN_NOTICE_DIGEST_SECONDS: "30",
};
const stack = await startEphemeralStack(stackEnv);
let stopped = false;
const stopStack = async () => {
  if (stopped) return;
  stopped = true;
  closeVisitors();
  await stack.stop();
};
process.on("uncaughtException", (err) => {
  console.error("bench-surge failed:", err);
  void stopStack().finally(() => process.exit(1));
});
process.on("unhandledRejection", (err) => {
  console.error("bench-surge failed:", err);
  void stopStack().finally(() => process.exit(1));
});

Object.assign(process.env, { TABLE_NAME, DYNAMODB_ENDPOINT: stack.dynamodb, ...stackEnv });
resetSettings();
resetDb();

const run = randomUUID().slice(0, 8);
const TITLE = `Surge ${run}`;
const petition = await Petition.create({ id: `surge-${run}`, title: TITLE, story: "Surge test petition. ".repeat(20), goal: N, verifySignatures: VERIFY });
const emailOf = (i: number) => `surge-${run}-${i}@example.com`;
const EMAIL_INDEX = new RegExp(`^surge-${run}-(\\d+)@example\\.com$`);
const consents = (i: number) => i % 100 < CONSENT_SHARE * 100;
// names take letters only: the index with 0-9 spelled a-j
const letters = (i: number) => String(i).replace(/[0-9]/g, (d) => "abcdefghij"[Number(d)]);
const petitionUrl = `${stack.url}/api/petitions/${petition.id}`;

// ---------------------------------------------------------------------------------------------
// Bare baseline, on the quiet stack: the signing transaction alone (its signature item without the
// signing's mark, so its stream record causes no e-mail) straight to DynamoDB Local, and GETs of the count.

console.log(`  baseline: ${BASELINE_N} bare signing transactions and ${BASELINE_N} GETs of the count, concurrency ${BASELINE_CONCURRENCY} (after a warm-up)`);
const barePetition = await Petition.create({
  id: `surge-bare-${run}`,
  title: `Surge baseline ${run}`,
  story: "Baseline petition",
  goal: N,
  verifySignatures: false,
});
const bareShards = await Petition.counterShards(barePetition.id);
const clientMeta = { screenResolution: "1920x1080", timezone: "America/New_York", language: "en-US" };
let bareFailures = 0;
async function bareSign(i: number) {
  const client = `198.18.${(i >> 8) & 255}.${i & 255}`;
  const req: Signature.SignRequest = {
    petitionId: barePetition.id,
    client,
    firstName: `Bare${letters(i)}`,
    lastName: "Signer",
    email: `surge-bare-${run}-${i}@example.com`,
    timeshareName: "Ocean Villas",
    newsletterConsent: false,
    meta: Signature.metaDetails(fromHeaders({ "user-agent": "bench-surge/1.0" }, client), clientMeta),
  };
  const signature = Signature.build(req);
  try {
    await Signature.writeWithRetries(
      (shard) => {
        const input = Signature.transaction(req, signature, shard).input;
        // the signing transaction as DynamoDB sees it, without the mark that makes its stream record an event (no e-mail to check)
        const items = (input.TransactItems ?? []).map((t) => {
          if (t.Put?.Item?.type !== "signature") return t;
          const { [ORIGIN_ATTRIBUTE]: _origin, ...item } = t.Put.Item;
          return { Put: { ...t.Put, Item: item } };
        });
        return new TransactWriteCommand({ ...input, TransactItems: items });
      },
      async () => {},
      bareShards,
    );
  } catch {
    bareFailures++;
  }
}
let bareGetErrors = 0;
async function bareGet(i: number) {
  try {
    const res = await getFrom(petitionUrl, visitorAddress(i % 8, 8), 30_000);
    if (res.status !== 200) bareGetErrors++;
  } catch {
    bareGetErrors++;
  }
}
const WARMUP = Math.min(100, BASELINE_N);
await runPool(WARMUP, BASELINE_CONCURRENCY, (i) => bareSign(BASELINE_N + i));
await runPool(WARMUP, BASELINE_CONCURRENCY, (i) => bareGet(i));
bareFailures = 0;
bareGetErrors = 0;
const bareSignRun = await runPool(BASELINE_N, BASELINE_CONCURRENCY, bareSign);
const bareGetRun = await runPool(BASELINE_N, BASELINE_CONCURRENCY, bareGet);
const bareSignP99 = percentile(bareSignRun.latencies, 99);
const bareGetP99 = percentile(bareGetRun.latencies, 99);
console.log(`  baseline p99: bare signing transaction ${fmtMs(bareSignP99)}, GET of the count ${fmtMs(bareGetP99)}`);

// ---------------------------------------------------------------------------------------------
// The surge: signers on a ramp, pollers alongside

interface Outcome {
  status: number;
  ms: number;
  signatureId?: string;
  signatureCount?: number;
  error?: string;
}
const outcomes: (Outcome | undefined)[] = new Array(N);

async function sign(i: number) {
  const t0 = performance.now();
  try {
    const res = await withTimeout(
      postJson(
        `${petitionUrl}/signatures`,
        JSON.stringify({
          firstName: `Surge${letters(i)}`,
          lastName: "Signer",
          email: emailOf(i),
          timeshareName: "Ocean Villas",
          newsletterConsent: consents(i),
          client: clientMeta,
        }),
        signerAddress(i),
        { "user-agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36" },
      ),
      REQUEST_TIMEOUT_MS,
    );
    const ms = performance.now() - t0;
    let body: { signatureId?: string; signatureCount?: number; error?: string } = {};
    try {
      body = JSON.parse(res.body) as typeof body;
    } catch {
      body = { error: res.body.slice(0, 200) };
    }
    outcomes[i] = {
      status: res.status,
      ms,
      signatureId: body.signatureId,
      signatureCount: body.signatureCount,
      error: res.status === 201 ? undefined : String(body.error),
    };
  } catch (err) {
    // not retried: a request that failed may still have committed, and shows as stored without a 201
    outcomes[i] = { status: 0, ms: performance.now() - t0, error: err instanceof Error ? err.message : String(err) };
  }
}

interface Poll {
  status: number;
  ms: number;
  count?: number;
}
/** Deployed, CloudFront answers the pages' polls from its copy (s-maxage 10 s); the stand-in does here. */
const edge = new EdgeStandIn(() => getFrom(petitionUrl, EDGE_ADDRESS, 30_000));
const poll = (p: number) => (POLL_ORIGIN ? getFrom(petitionUrl, pollerAddress(p), 30_000) : edge.get());
const polls: Poll[] = [];
const stopPolling = new AbortController();
// every poller waits on it
setMaxListeners(POLLERS + 10, stopPolling.signal);
async function poller(p: number) {
  const pause = async (ms: number) => {
    try {
      await sleep(ms, undefined, { signal: stopPolling.signal });
    } catch {
      /* signing is over */
    }
  };
  // pages were opened at different moments: spread the first polls over one interval
  await pause(Math.random() * POLL_INTERVAL_MS);
  while (!stopPolling.signal.aborted) {
    const t0 = performance.now();
    try {
      const res = await poll(p);
      let count: number | undefined;
      try {
        count = Number((JSON.parse(res.body) as { signatureCount?: number }).signatureCount);
      } catch {
        /* counted by status */
      }
      polls.push({ status: res.status, ms: performance.now() - t0, count });
    } catch {
      polls.push({ status: 0, ms: performance.now() - t0 });
    }
    await pause(POLL_INTERVAL_MS * (0.8 + 0.4 * Math.random()));
  }
}

/** Runs sign(i) for i in [0, N) at a concurrency that ramps from RAMP_FROM to PEAK, then holds. */
function rampedSigning(): Promise<{ seconds: number; sent: number; maxInFlight: number }> {
  const t0 = performance.now();
  const target = () => Math.round(RAMP_FROM + (PEAK - RAMP_FROM) * Math.min(1, (performance.now() - t0) / Math.max(1, RAMP_SECONDS * 1000)));
  let next = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  let done = 0;
  let shownTenth = -1;
  return new Promise((resolve) => {
    let finished = false;
    const pump = () => {
      if (finished) return;
      const late = performance.now() - t0 > SIGNING_DEADLINE_MS;
      while (!late && next < N && inFlight < target()) {
        const i = next++;
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        void sign(i).finally(() => {
          inFlight--;
          done++;
          const tenth = Math.floor((done / N) * 10);
          if (tenth !== shownTenth) {
            shownTenth = tenth;
            console.log(
              `  answered: ${done}/${N} (${tenth * 10}%), in flight ${inFlight}, target ${target()}, ${((performance.now() - t0) / 1000).toFixed(1)} s, polls so far ${polls.length}`,
            );
          }
          pump();
        });
      }
      if (inFlight === 0 && (next >= N || late)) {
        finished = true;
        clearInterval(timer);
        resolve({ seconds: (performance.now() - t0) / 1000, sent: next, maxInFlight });
      }
    };
    // the ramp raises the target between completions too
    const timer = setInterval(pump, 50);
    pump();
  });
}

console.log(`  surge: signers from ${SIGNER_ADDRESSES} addresses (per-client limit ${SIGN_LIMIT}/min), pages from ${POLLERS} more`);
const started = new Date();
// verifying: each signer opens their link as it arrives, from an address of their own
const confirmer = VERIFY
  ? openLinksAsTheyArrive({
      outboxDir: stack.outboxDir,
      url: stack.url,
      from: (i) => visitorAddress(SIGNER_ADDRESSES + POLLERS + (i % 4096), SIGNER_ADDRESSES + POLLERS + 4096),
    })
  : undefined;
const pollersDone = Promise.all(Array.from({ length: POLLERS }, (_, p) => poller(p)));
const signing = await rampedSigning();
stopPolling.abort();
await withTimeout(pollersDone, 40_000).catch(() => console.log("  (some polls were still unanswered when signing ended)"));
const signingEnded = performance.now();

// ---------------------------------------------------------------------------------------------
// Drain: the bus delivered everything, the mail queue (when the stack has one) is empty, and the
// outbox directory stopped growing, three checks in a row.

async function outboxFiles(): Promise<number> {
  return (await readdir(stack.outboxDir).catch(() => [] as string[])).filter((f) => f.endsWith(".json")).length;
}
console.log("  waiting for the side effects to drain (bus backlog, mail queue, outbox)");
let mailQueueSeen = false;
let busFailures = 0;
let drainTimedOut = false;
let drainSeconds = NaN;
/** what the last check saw, for the report of a timeout */
let lastSeen = "";
{
  let quiet = 0;
  let lastFiles = -1;
  let quietSince = 0;
  let lastShown = 0;
  for (;;) {
    const now = performance.now();
    if (now - signingEnded > DRAIN_DEADLINE_MS) {
      drainTimedOut = true;
      break;
    }
    let backlog: number;
    let pending: number | undefined;
    let files = lastFiles;
    try {
      const bus = await getJson<{ backlog: number; failures?: number }>(`${stack.url}/dev/bus.json`);
      backlog = Number(bus.body?.backlog ?? -1);
      busFailures = Number(bus.body?.failures ?? 0);
      // the queue's count and the directory are looked at once the bus has delivered everything
      // (the queue is filled by the bus's deliveries), sparing DynamoDB Local while it works
      if (backlog === 0) {
        const queue = await getJson<{ pending?: unknown }>(`${stack.url}/dev/mail-queue.json`);
        if (queue.status === 200 && typeof queue.body?.pending === "number") {
          mailQueueSeen = true;
          pending = queue.body.pending;
        }
        files = await outboxFiles();
      }
    } catch {
      backlog = -1;
    }
    const isQuiet = backlog === 0 && (pending === undefined || pending === 0) && files === lastFiles;
    if (isQuiet && quiet === 0) quietSince = now;
    quiet = isQuiet ? quiet + 1 : 0;
    lastFiles = files;
    lastSeen = `bus backlog ${backlog}, mail queue ${pending ?? (mailQueueSeen ? "not read" : "none seen")}, outbox ${files < 0 ? "not read" : `${files} e-mails`}`;
    if (now - lastShown > 30_000) {
      lastShown = now;
      console.log(`    ${((now - signingEnded) / 1000).toFixed(0)} s: ${lastSeen}`);
    }
    if (quiet >= 3) {
      // the outbox stopped growing at the first of the quiet checks (less the check before it)
      drainSeconds = (quietSince - signingEnded) / 1000;
      break;
    }
    await sleep(1000);
  }
}
if (drainTimedOut) console.log(`  DRAIN TIMED OUT after ${DRAIN_DEADLINE_MS / 60_000} min (${lastSeen})`);
await confirmer?.stop();

// A request the API gave up on may still commit inside DynamoDB Local afterwards: verify once the
// petition's count has stopped moving (bounded).
for (let last = -1, stable = 0, tries = 0; stable < 3 && tries < 60; tries++) {
  const now = await Petition.count(petition.id, true);
  stable = now === last ? stable + 1 : 0;
  last = now;
  await sleep(1000);
}

// ---------------------------------------------------------------------------------------------
// Exactness in DynamoDB Local

console.log("  verifying the table");
const [{ signatures, guards, indexRows, count }, petitionInfo] = await Promise.all([storedSignatures(petition.id), Petition.fromID(petition.id)]);

const answered = outcomes.filter((o): o is Outcome => o !== undefined);
const accepted = answered.filter((o) => o.status === 201);
const refused = answered.filter((o) => o.status >= 400 && o.status < 500);
const serverErrors = answered.filter((o) => o.status >= 500);
const failed = answered.filter((o) => o.status === 0);
const otherStatus = answered.filter((o) => o.status !== 0 && o.status !== 201 && (o.status < 400 || o.status >= 600));
const notSent = N - signing.sent;
const causes = new Map<string, number>();
for (const o of answered.filter((x) => x.status !== 201)) {
  const key = `${o.status || "network error"}: ${o.error}`;
  causes.set(key, (causes.get(key) ?? 0) + 1);
}

const acceptedIds = accepted.map((o) => String(o.signatureId));
const acceptedSet = new Set(acceptedIds);
const storedIds = signatures.map((s) => String(s.id));
const storedSet = new Set(storedIds);
const storedEmails = signatures.map((s) => String(s.emailNormalized ?? s.email).toLowerCase());
const lost = acceptedIds.filter((id) => !storedSet.has(id)).length;
const duplicateIds = storedIds.length - storedSet.size;
const duplicateEmails = storedEmails.length - new Set(storedEmails).size;
const duplicateAnswers = acceptedIds.length - acceptedSet.size;
/** a signature stored twice shows as its id or (a second id) its e-mail twice; one id answered to two requests */
const duplicated = Math.max(duplicateIds, duplicateEmails) + duplicateAnswers;
const unacknowledged = storedIds.filter((id) => !acceptedSet.has(id)).length;
const signed = accepted.length;
// verifying: every stored signature confirmed, counted once, nothing left pending
const confirmed = signatures.filter((s) => s.status === "verified").length;
const { pending } = await Petition.counts(petition.id, true);
const confirmErrors = confirmer ? [...confirmer.statuses].filter(([status]) => status >= 500).reduce((n, [, times]) => n + times, 0) : 0;
const confirmRefused = confirmer ? [...confirmer.statuses].filter(([status]) => status !== 200 && status < 500).reduce((n, [, times]) => n + times, 0) : 0;
const countExact = count === storedIds.length && count === signed && (!VERIFY || (confirmed === count && pending === 0));
const countDiff = count !== storedIds.length ? count - storedIds.length : count !== signed ? count - signed : count - confirmed || -pending;
const guardsExact = guards.length === storedIds.length;
const indexExact = indexRows.length === storedIds.length && new Set(indexRows.map((r) => String(r.sk))).size === indexRows.length;
const highestCountShown = Math.max(0, ...accepted.map((o) => o.signatureCount ?? 0));

// ---------------------------------------------------------------------------------------------
// The mail, from the stack's outbox directory (one JSON file per e-mail, packages/core/src/mail/outbox.ts)

console.log("  reading the mail outbox");
const mailFiles = (await readdir(stack.outboxDir).catch(() => [] as string[])).filter((f) => f.endsWith(".json"));
const mails: OutboxMessage[] = new Array(mailFiles.length);
let unreadable = 0;
await runPool(mailFiles.length, 32, async (k) => {
  try {
    mails[k] = JSON.parse(await readFile(join(stack.outboxDir, mailFiles[k]), "utf8")) as OutboxMessage;
  } catch {
    unreadable++;
  }
});

const SHARE = "Thank you for signing";
/** The newsletter is offered in the share e-mail (signature/newsletter-link.ts); no e-mail of its own. */
const NEWSLETTER_CONFIRMATION = "Please confirm your newsletter subscription";
const OFFER = "/newsletter/confirmed?token=";
const SIGNATURE_CONFIRMATION = "Please confirm your signature";
const ADMIN_SINGLE = `New signature on "${TITLE}"`;
const ADMIN_DIGEST = /^(\d[\d,]*) new signatures? on "(.*)"$/;
const perKind = new Map<string, number>();
const shareTo = new Map<string, number>();
const offerTo = new Map<string, number>();
const newsletterConfirmations = new Map<string, number>();
const signatureConfirmationTo = new Map<string, number>();
const adminSingleFor = new Map<string, number>();
let adminSingles = 0;
let adminDigests = 0;
let adminDigestCovered = 0;
for (const m of mails) {
  if (!m) continue;
  const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  const digest = ADMIN_DIGEST.exec(m.subject);
  if (m.subject.startsWith(SHARE)) {
    bump(perKind, "share e-mail");
    for (const to of m.to) bump(shareTo, to.toLowerCase());
    if (m.text.includes(OFFER)) for (const to of m.to) bump(offerTo, to.toLowerCase());
  } else if (m.subject.startsWith(NEWSLETTER_CONFIRMATION)) {
    bump(perKind, "newsletter confirmation");
    for (const to of m.to) bump(newsletterConfirmations, to.toLowerCase());
  } else if (m.subject === SIGNATURE_CONFIRMATION) {
    bump(perKind, "signature confirmation");
    for (const to of m.to) bump(signatureConfirmationTo, to.toLowerCase());
  } else if (m.subject === ADMIN_SINGLE) {
    bump(perKind, "admin notice (single)");
    adminSingles++;
    const email = /^Email: (.*)$/m.exec(m.text)?.[1]?.trim().toLowerCase();
    if (email) bump(adminSingleFor, email);
  } else if (digest && digest[2] === TITLE) {
    bump(perKind, "admin notice (digest)");
    adminDigests++;
    adminDigestCovered += Number(digest[1].replace(/,/g, ""));
  } else {
    bump(perKind, `other: ${m.subject.slice(0, 60)}`);
  }
}

// Who signed: every accepted signer, and anyone stored without a 201 (a failed request that wrote).
const signerIndexes = new Set<number>();
outcomes.forEach((o, i) => {
  if (o?.status === 201) signerIndexes.add(i);
});
for (const e of storedEmails) {
  const m = EMAIL_INDEX.exec(e);
  if (m) signerIndexes.add(Number(m[1]));
}
const expectShare = new Set([...signerIndexes].map(emailOf));
const expectOffer = new Set([...signerIndexes].filter(consents).map(emailOf));
function tally(expected: Set<string>, got: Map<string, number>) {
  let missing = 0;
  let duplicates = 0;
  let stray = 0;
  for (const address of expected) if (!got.has(address)) missing++;
  for (const [address, times] of got) {
    if (!expected.has(address)) stray += times;
    else duplicates += times - 1;
  }
  return { missing, duplicates, stray };
}
const shareTally = tally(expectShare, shareTo);
const offerTally = tally(expectOffer, offerTo);
const newsletterConfirmationsSent = [...newsletterConfirmations.values()].reduce((sum, n) => sum + n, 0);
const signatureConfirmationTally = tally(VERIFY ? expectShare : new Set(), signatureConfirmationTo);
const adminConfigured = adminRecipientsConfigured();
const adminTotal = adminSingles + adminDigestCovered;
const adminSingleDuplicates = [...adminSingleFor.values()].reduce((sum, times) => sum + times - 1, 0);
const adminCheck = !adminConfigured
  ? adminTotal === 0
    ? "skipped (no administrator recipients configured, and none sent)"
    : `FAIL (${adminTotal} sent though no recipients are configured)`
  : adminTotal === signed && adminSingleDuplicates === 0
    ? "pass"
    : `FAIL (they cover ${adminTotal} signatures of ${signed}; ${adminSingleDuplicates} single notices repeat a signer)`;
const mailPass =
  !drainTimedOut &&
  unreadable === 0 &&
  shareTally.missing === 0 &&
  shareTally.duplicates === 0 &&
  shareTally.stray === 0 &&
  offerTally.missing === 0 &&
  offerTally.duplicates === 0 &&
  offerTally.stray === 0 &&
  newsletterConfirmationsSent === 0 &&
  signatureConfirmationTally.missing === 0 &&
  signatureConfirmationTally.duplicates === 0 &&
  signatureConfirmationTally.stray === 0 &&
  (adminCheck === "pass" || adminCheck.startsWith("skipped"));

// ---------------------------------------------------------------------------------------------
// Figures

const signLatencies = sorted(answered.map((o) => o.ms));
const p99 = Math.round(percentile(signLatencies, 99));
const pollLatencies = sorted(polls.map((p) => p.ms));
const pollErrors = polls.filter((p) => p.status !== 200).length;
const pollServerErrors = polls.filter((p) => p.status >= 500).length;
const pollNetworkErrors = polls.filter((p) => p.status === 0).length;
const pollP99 = percentile(pollLatencies, 99);
const originRequests = edge.originRequests;
const originLatencies = sorted(originRequests.map((r) => r.ms));
const originFailures = originRequests.filter((r) => r.status === 0 || r.status >= 500).length;
const highestCountPolled = Math.max(0, ...polls.map((p) => (Number.isFinite(p.count) ? Number(p.count) : 0)));
const ratio = (a: number, b: number) => (Number.isFinite(a) && Number.isFinite(b) && b > 0 ? `${(a / b).toFixed(1)}×` : "n/a");

const integrity = lost === 0 && duplicated === 0 && unacknowledged === 0 && countExact && guardsExact && indexExact;
const allAnswered = refused.length === 0 && failed.length === 0 && otherStatus.length === 0 && notSent === 0;
const pass = integrity && serverErrors.length === 0 && allAnswered && pollServerErrors === 0 && mailPass && confirmErrors === 0 && confirmRefused === 0;

const kinds = [...perKind].sort((a, b) => b[1] - a[1]);
const summary = [
  `${runDescription(started)}:`,
  `${N} signatures over HTTP, concurrency ramping from ${RAMP_FROM} to ${PEAK} over ${RAMP_SECONDS} s then held (highest in flight ${signing.maxInFlight}), from ${SIGNER_ADDRESSES} loopback addresses`,
  `(per-client limit ${SIGN_LIMIT}/min, ${Math.round(CONSENT_SHARE * 100)}% with newsletter consent), while ${POLLERS} open pages polled the count every ~${POLL_INTERVAL_MS / 1000} s (jittered) ${
    POLL_ORIGIN
      ? `from ${POLLERS} addresses more, each poll at the origin (--poll-origin: no edge cache);`
      : "through an edge stand-in that answers them as CloudFront does, by the origin's Cache-Control (scripts/bench/edge-stand-in.ts);"
  }`,
  VERIFY
    ? `a petition that verifies signatures, every signer opening their link as it arrived; throw-away local stack (DynamoDB Local and its stream, in-process bus), the outbox playing SES at ${SES_RATE} e-mails/s (SES_SIMULATED_RATE, MAIL_RATE_PER_SECOND=${SES_RATE}), ADMIN_NOTICE_DIGEST_SECONDS=30.`
    : `throw-away local stack (DynamoDB Local and its stream, in-process bus), MAIL_RATE_PER_SECOND=1000 (a daily quota it never reaches), ADMIN_NOTICE_DIGEST_SECONDS=30.`,
  "",
  "| signatures/s | p50 | p95 | p99 | max | wall time | bare transaction p99 | p99 ÷ bare |",
  "|---|---|---|---|---|---|---|---|",
  `| ${(signed / signing.seconds).toFixed(0)} | ${fmtMs(percentile(signLatencies, 50))} | ${fmtMs(percentile(signLatencies, 95))} | ${fmtMs(p99)} | ${fmtMs(signLatencies.at(-1) ?? NaN)} | ${signing.seconds.toFixed(1)} s | ${fmtMs(bareSignP99)} | ${ratio(p99, bareSignP99)} |`,
  "",
  `- Signing: ${signed} signed (201) of ${N}; refused (4xx) ${refused.length}; server errors (5xx) ${serverErrors.length}; failed (no answer) ${failed.length}${otherStatus.length ? `; other statuses ${otherStatus.length}` : ""}${notSent ? `; not sent before the deadline ${notSent}` : ""}${
    causes.size
      ? ` — ${[...causes]
          .slice(0, 8)
          .map(([k, v]) => `${v} × ${k}`)
          .join("; ")}`
      : ""
  }`,
  `- Exactness: lost (accepted, not stored) ${lost}; duplicated ${duplicated} (ids stored twice ${duplicateIds}, e-mails stored twice ${duplicateEmails}, ids answered twice ${duplicateAnswers}); stored without a 201 ${unacknowledged}`,
  `- Count ${count} (petition reads ${petitionInfo.signatureCount}), stored signatures ${storedIds.length}, e-mail guards ${guards.length}, admin index rows ${indexRows.length}: ${countExact && guardsExact && indexExact ? "exact" : "MISMATCH"}; highest count a signer was shown ${highestCountShown}, a page polled ${highestCountPolled}`,
  `- Polling: ${polls.length} GETs of the count (${(polls.length / signing.seconds).toFixed(0)}/s); p50 ${fmtMs(percentile(pollLatencies, 50))}, p99 ${fmtMs(pollP99)} (quiet baseline p99 ${fmtMs(bareGetP99)}, ${ratio(pollP99, bareGetP99)}); errors (not 200) ${pollErrors}, of them 5xx ${pollServerErrors} and no answer ${pollNetworkErrors}${
    POLL_ORIGIN
      ? ""
      : `; origin requests ${originRequests.length} (${(originRequests.length / signing.seconds).toFixed(2)}/s), p50 ${fmtMs(percentile(originLatencies, 50))}, p99 ${fmtMs(percentile(originLatencies, 99))}, 5xx or no answer ${originFailures}`
  }`,
  `- Baseline (same run, quiet stack, concurrency ${BASELINE_CONCURRENCY}): ${BASELINE_N} bare signing transactions straight to DynamoDB Local (without the signing's mark on its signature: no side effects) p50 ${fmtMs(percentile(bareSignRun.latencies, 50))}, p99 ${fmtMs(bareSignP99)}${bareFailures ? `, ${bareFailures} failed` : ""}; ${BASELINE_N} GETs of the count p50 ${fmtMs(percentile(bareGetRun.latencies, 50))}, p99 ${fmtMs(bareGetP99)}${bareGetErrors ? `, ${bareGetErrors} errors` : ""}`,
  `- Mail drain: ${drainTimedOut ? `TIMED OUT: not drained ${DRAIN_DEADLINE_MS / 60_000} min after the last signing answer (last seen: ${lastSeen})` : `drained ${drainSeconds.toFixed(1)} s after the last signing answer (bus backlog 0${mailQueueSeen ? ", mail queue empty" : ", no mail queue endpoint (/dev/mail-queue.json): not waited on"}, outbox still, 3 checks in a row)`}; bus deliveries given up: ${busFailures}`,
  `- Mail: ${mails.length} e-mails${unreadable ? ` (${unreadable} unreadable)` : ""}: ${kinds.map(([k, v]) => `${k} ${v}`).join(", ") || "none"}`,
  `- Share e-mails: ${expectShare.size} signers expected one each; missing ${shareTally.missing}, duplicates ${shareTally.duplicates}, to no signer ${shareTally.stray}`,
  `- Newsletter offers (in the share e-mail): ${expectOffer.size} consenting signers expected one each; missing ${offerTally.missing}, duplicates ${offerTally.duplicates}, to no consenting signer ${offerTally.stray}; newsletter confirmation e-mails ${newsletterConfirmationsSent} (expected none)`,
  ...(VERIFY
    ? [
        `- Confirmations: ${expectShare.size} signers expected one link each; missing ${signatureConfirmationTally.missing}, duplicates ${signatureConfirmationTally.duplicates}, to no signer ${signatureConfirmationTally.stray}; links opened ${confirmer?.opened() ?? 0}, answered ${[...(confirmer?.statuses ?? [])].map(([status, n]) => `${status} × ${n}`).join(", ") || "none"}; link sent → confirmed p50 ${fmtMs(percentile(sorted(confirmer?.latencies ?? []), 50))}, p99 ${fmtMs(percentile(sorted(confirmer?.latencies ?? []), 99))}; ${confirmed} confirmed, ${pending} still pending`,
      ]
    : []),
  `- Admin notices: ${adminSingles} single + ${adminDigests} digests covering ${adminDigestCovered} = ${adminTotal} signatures (of ${signed} signed); single notices repeating a signer ${adminSingleDuplicates}: ${adminCheck}`,
  `- Verdict: integrity (0 lost, 0 duplicated, count exact) ${integrity ? "pass" : "FAIL"}; every request answered 201 ${allAnswered && serverErrors.length === 0 ? "yes" : "NO"}; mail ${mailPass ? "pass" : "FAIL"}`,
  "",
  "Command: `npm run bench:surge` (options `--n`, `--peak`, `--pollers`, `--ramp-seconds`, `--poll-origin`, `--verify`, `--ses-rate`).",
].join("\n");

console.log(`\n${summary}\n`);
recordSection(VERIFY ? "Surge, verifying petition (`npm run bench:surge -- --verify`)" : "Surge (`npm run bench:surge`)", summary);
console.log("Recorded in docs/benchmarks.md");
await stopStack();
const countWords = countExact ? "count exact" : "count off by " + countDiff;
console.log(
  VERIFY
    ? `surge (verified): ${signed} signed, ${confirmed} confirmed, ${lost} lost, ${duplicated} duplicated, ${countWords}, ${serverErrors.length + confirmErrors} server errors, p99 ${p99} ms`
    : `surge: ${signed} signed, ${lost} lost, ${duplicated} duplicated, ${countWords}, ${serverErrors.length} server errors, p99 ${p99} ms`,
);
process.exit(pass ? 0 : 1);
