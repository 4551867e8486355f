import { InitiateAuthCommand } from "@aws-sdk/client-cognito-identity-provider";
import { cognitoClient } from "../local/provision";
import { QueryCommand, type TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { cancellationCodes } from "@site/core/db/cancellation";
import { db, table } from "@site/core/db/client";
import { Outbox } from "@site/core/outbox";
import { fromHeaders } from "@site/core/request/metadata";
import { metaDetails } from "@site/core/request/meta-details";
import { percentile, progress, recordSection, runPool } from "./report";
import { closeVisitors, postJson, visitorAddress } from "./visitors";

/**
 * What the admin benchmarks of `npm run bench:admin` share (signatures, scam reports, free-guide
 * submissions): the administrator's API calls, timings of a first call and a median, the submitting
 * comparison (HTTP against the same transaction written directly), bulk seeding and the report's
 * table rows.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What `scripts/bench-admin.ts` gives the parts it runs on its stack (scam reports, free-guide submissions). */
export interface AdminPartOptions {
  url: string;
  /** the administrator's access token */
  token: string;
  /** records to seed for the admin list */
  n: number;
  /** records submitted over HTTP (and as many written directly) */
  submissions: number;
  repeat: number;
  batch: number;
  concurrency: number;
}

// ---------------------------------------------------------------------------------------------
// The stack, as the administrator and as visitors

/** An access token of the stack's administrator, from its local Cognito (user and password flow). */
export async function adminToken(endpoint: string, clientId: string, admin: { email: string; password: string }): Promise<string> {
  const cognito = cognitoClient(endpoint);
  try {
    const res = await cognito.send(
      new InitiateAuthCommand({ ClientId: clientId, AuthFlow: "USER_PASSWORD_AUTH", AuthParameters: { USERNAME: admin.email, PASSWORD: admin.password } }),
    );
    const token = res.AuthenticationResult?.AccessToken;
    if (!token) throw new Error(`sign-in as ${admin.email} did not return tokens (challenge ${res.ChallengeName})`);
    return token;
  } finally {
    cognito.destroy();
  }
}

/** Calls the API as the administrator; answers the parsed JSON, or throws with the status and the body's start. */
export function adminApi(url: string, token: string) {
  // The API checks the content type of bodies only, so GETs may carry it too.
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  return async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const res = await fetch(`${url}${path}`, { ...init, headers: { ...headers, ...init.headers } });
    const body = await res.text();
    if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path} → ${res.status} ${body.slice(0, 300)}`);
    return JSON.parse(body) as T;
  };
}
export type AdminApi = ReturnType<typeof adminApi>;

/**
 * The console's export: `POST /api/admin/exports` (a job), followed every 200 ms until done, then
 * its file fetched through the five-minute signed link. Answers the file's text and size.
 */
export async function runExportJob(
  api: AdminApi,
  body: { kind: string; query: Record<string, unknown>; fileName: string },
): Promise<{ text: string; bytes: number }> {
  const text = await (await fetch(await exportLink(api, body))).text();
  return { text, bytes: Buffer.byteLength(text) };
}

type ExportBody = { kind: string; query: Record<string, unknown>; fileName: string };

/** The export job run to its end; answers its file's five-minute signed link. */
async function exportLink(api: AdminApi, body: ExportBody): Promise<string> {
  const { jobId } = await api<{ jobId: string }>("/api/admin/exports", { method: "POST", body: JSON.stringify(body) });
  for (;;) {
    const job = await api<{ status: string; error?: string }>(`/api/admin/jobs/${jobId}`);
    if (job.status === "failed") throw new Error(`export job failed: ${job.error}`);
    if (job.status === "done") break;
    await sleep(200);
  }
  return (await api<{ url: string }>(`/api/admin/jobs/${jobId}/download`)).url;
}

/**
 * A JSON export (exports/formats.ts `jsonFormat`: an array whose records each open on a line of
 * exactly "  {") counted as it downloads, never held whole: a million reports' file (~1.6 GB) is
 * longer than a JavaScript string may be.
 */
export async function runJsonExportCounted(api: AdminApi, body: ExportBody): Promise<{ records: number; bytes: number }> {
  const res = await fetch(await exportLink(api, body));
  if (!res.body) throw new Error("the export's download has no body");
  const decoder = new TextDecoder();
  let bytes = 0;
  let records = 0;
  let rest = "";
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    const lines = (rest + decoder.decode(chunk, { stream: true })).split("\n");
    rest = lines.pop() ?? "";
    for (const line of lines) if (line === "  {") records++;
  }
  return { records, bytes };
}

/** Waits until the local bus has delivered every event (its backlog is 0); answers the seconds waited. */
export async function waitForSideEffects(url: string): Promise<number> {
  const start = performance.now();
  for (;;) {
    const { backlog } = (await (await fetch(`${url}/dev/bus.json`)).json()) as { backlog: number };
    if (backlog === 0) return (performance.now() - start) / 1000;
    await sleep(250);
  }
}

/**
 * Waits until the stack is quiet: the local bus has delivered every event and the mail queue is
 * empty, three checks a second apart; answers the seconds waited. The reports and guide parts time
 * their reads after it, so a short run does not time the list beside the drain of the e-mails of
 * the records it submitted for the write comparison (paced by the mail budget).
 */
export async function waitForQuiet(url: string, capMs = 30 * 60_000): Promise<number> {
  const start = performance.now();
  let quiet = 0;
  while (quiet < 3) {
    if (performance.now() - start > capMs) throw new Error(`the stack was not quiet within ${capMs / 60_000} min`);
    const { backlog } = (await (await fetch(`${url}/dev/bus.json`)).json()) as { backlog: number };
    // the e-mails waiting in the queue's lanes; an administrators' digest still gathering does no work
    const queue = backlog === 0 ? ((await (await fetch(`${url}/dev/mail-queue.json`)).json()) as { lanes?: Record<string, number> }) : undefined;
    const waiting = Object.values(queue?.lanes ?? {}).reduce((a, b) => a + b, 0);
    quiet = backlog === 0 && waiting === 0 ? quiet + 1 : 0;
    await sleep(1000);
  }
  return (performance.now() - start) / 1000;
}

/** The i-th visitor's address: a pool of 8192, so each files at most two records a minute (one per mode), below the per-IP limit. */
export const benchVisitor = (i: number) => visitorAddress(i, 8192);

export const BENCH_USER_AGENT = { "user-agent": "bench/1.0" };

/** The request metadata a record from `client` gets, with the bench's user agent. */
export const benchMeta = (client: string, reported?: Parameters<typeof metaDetails>[1]) => metaDetails(fromHeaders(BENCH_USER_AGENT, client), reported);

// ---------------------------------------------------------------------------------------------
// Timings

export interface Timing {
  cold: number;
  warm: number;
  detail: string;
}

/** `timed(label, once)`: the first call of `once` ("cold") and the median of `repeat` more ("warm"), logged. */
export function timer(repeat: number) {
  return async function timed(label: string, once: () => Promise<string>): Promise<Timing> {
    const t0 = performance.now();
    const detail = await once();
    const cold = performance.now() - t0;
    const warm: number[] = [];
    for (let i = 0; i < repeat; i++) {
      const t = performance.now();
      await once();
      warm.push(performance.now() - t);
    }
    const result = {
      cold,
      warm: percentile(
        warm.sort((a, b) => a - b),
        50,
      ),
      detail,
    };
    console.log(`  ${label}: ${result.cold.toFixed(0)} ms first, ${result.warm.toFixed(0)} ms median of ${repeat} (${detail})`);
    return result;
  };
}

/** The baseline of a first page: the newest `limit` index rows of a gsi1 list, with its count read beside them. */
export async function bareFirstPage(partition: string, limit: number, readCount: () => Promise<unknown>): Promise<string> {
  const [res] = await Promise.all([
    db().send(
      new QueryCommand({
        TableName: table(),
        IndexName: "gsi1",
        KeyConditionExpression: "gsi1pk = :pk",
        ExpressionAttributeValues: { ":pk": partition },
        ScanIndexForward: false,
        Limit: limit,
      }),
    ),
    readCount(),
  ]);
  return `${res.Items?.length ?? 0} items`;
}

// ---------------------------------------------------------------------------------------------
// Submitting: HTTP against the same transaction written directly

/** One record as its POST handler writes it: the transaction (built again for each attempt) and its outbox event's id. */
export interface DirectWrite {
  eventId: string;
  transaction: () => TransactWriteCommand;
}

export interface SubmissionsOptions {
  url: string;
  /** records submitted in each mode */
  submissions: number;
  concurrency: number;
  /** the record's name in the log: "report" logs "reports over HTTP" and "report 12: 429 …" */
  noun: string;
  /** the public route, e.g. `/api/reports` */
  path: string;
  /** the i-th visitor's form, as the page sends it */
  form: (i: number) => unknown;
  /** what the route writes for the i-th record from `client` */
  directWrite: (i: number, client: string) => DirectWrite;
}

export interface SubmissionsResult {
  /** records per second */
  apiRate: number;
  bareRate: number;
  /** each HTTP submission's latency (ms), sorted */
  apiLatencies: number[];
  /** per round, direct seconds / HTTP seconds */
  roundRatios: number[];
  /** the median round's ratio */
  submitRatio: number;
  apiErrors: number;
  bareConflicts: number;
}

const WARMUP = 200;
const ROUNDS = 4;

/**
 * Submits `submissions` records over HTTP, each from its own visitor address, and writes as many
 * with the same transaction straight to DynamoDB, in ROUNDS alternating rounds after a warm-up.
 */
export async function compareSubmissions(o: SubmissionsOptions): Promise<SubmissionsResult> {
  const S = o.submissions;
  let apiErrors = 0;
  const apiSubmit = async (i: number) => {
    const res = await postJson(`${o.url}${o.path}`, JSON.stringify(o.form(i)), benchVisitor(i), BENCH_USER_AGENT);
    if (res.status !== 201 && apiErrors++ < 3) console.log(`  ${o.noun} ${i}: ${res.status} ${res.body.slice(0, 200)}`);
  };
  let bareConflicts = 0;
  /** The direct writes' events, never published: acknowledged after each round so the outbox sweeper does not send them. */
  const unpublished: string[] = [];
  const bareSubmit = async (i: number) => {
    const { eventId, transaction } = o.directWrite(i, benchVisitor(i + 4096));
    for (let attempt = 1; ; attempt++) {
      try {
        await db().send(transaction());
        unpublished.push(eventId);
        return;
      } catch (err) {
        if (!cancellationCodes(err).includes("TransactionConflict") || attempt > 8) throw err;
        bareConflicts++;
        await sleep(Math.random() * 20 * attempt);
      }
    }
  };
  const acknowledge = () => runPool(unpublished.length, 8, (i) => Outbox.acknowledge(unpublished[i]!)).then(() => void (unpublished.length = 0));

  const warmup = Math.min(WARMUP, S);
  console.log(`  warming up (${warmup} + ${warmup})`);
  await runPool(warmup, o.concurrency, (i) => apiSubmit(S * 2 + i));
  await runPool(warmup, o.concurrency, (i) => bareSubmit(S * 2 + i));
  await acknowledge();
  await waitForSideEffects(o.url);
  apiErrors = 0;
  bareConflicts = 0;

  let apiSeconds = 0;
  let bareSeconds = 0;
  const apiLatencies: number[] = [];
  const roundRatios: number[] = [];
  const apiProgress = progress(`${o.noun}s over HTTP`, S);
  const bareProgress = progress(`${o.noun}s written directly`, S);
  for (let round = 0; round < ROUNDS; round++) {
    const from = Math.floor((S * round) / ROUNDS);
    const size = Math.floor((S * (round + 1)) / ROUNDS) - from;
    const viaApi = await runPool(
      size,
      o.concurrency,
      (i) => apiSubmit(from + i),
      (done) => apiProgress(from + done),
    );
    apiSeconds += viaApi.seconds;
    apiLatencies.push(...viaApi.latencies);
    await waitForSideEffects(o.url);
    const bare = await runPool(
      size,
      o.concurrency,
      (i) => bareSubmit(from + i),
      (done) => bareProgress(from + done),
    );
    bareSeconds += bare.seconds;
    roundRatios.push(bare.seconds / viaApi.seconds);
    await acknowledge();
  }
  closeVisitors();
  await waitForSideEffects(o.url);

  const result: SubmissionsResult = {
    apiRate: S / apiSeconds,
    bareRate: S / bareSeconds,
    apiLatencies: apiLatencies.sort((a, b) => a - b),
    roundRatios,
    submitRatio: [...roundRatios].sort((a, b) => a - b)[Math.floor(roundRatios.length / 2)]!,
    apiErrors,
    bareConflicts,
  };
  console.log(
    `  HTTP ${result.apiRate.toFixed(0)}/s, direct ${result.bareRate.toFixed(0)}/s, median round ratio ${result.submitRatio.toFixed(2)} (${apiErrors} errors)`,
  );
  return result;
}

export const submissionsMeet = (s: SubmissionsResult, targetRatio: number) => s.submitRatio >= targetRatio && s.apiErrors === 0;

/** The submitting table (`unit`: "reports" gives a "reports/s" column) and the line of the ratio against its target. */
export function submissionsSummary(s: SubmissionsResult, unit: string, targetRatio: number): string[] {
  return [
    `| mode | ${unit}/s | p50 | p99 |`,
    "|---|---|---|---|",
    `| HTTP API | ${s.apiRate.toFixed(0)} | ${fmt(percentile(s.apiLatencies, 50))} | ${fmt(percentile(s.apiLatencies, 99))} |`,
    `| direct TransactWriteItems | ${s.bareRate.toFixed(0)} | | |`,
    "",
    `HTTP / direct: **${s.submitRatio.toFixed(2)}** (median of the rounds: ${s.roundRatios.map((r) => r.toFixed(2)).join(", ")}), target ≥ ${targetRatio}: ${verdict(submissionsMeet(s, targetRatio))}; ${s.apiErrors} failed requests, ${s.bareConflicts} shard conflicts retried directly.`,
  ];
}

// ---------------------------------------------------------------------------------------------
// Seeding in bulk

export interface SeedOptions {
  n: number;
  batch: number;
  /** batches written at once (never more than there are batches) */
  workers: number;
  /** writes records from..from+size-1; answers how many it wrote */
  writeBatch: (from: number, size: number) => Promise<number>;
  onProgress: (seeded: number) => void;
}

/**
 * Seeds `n` records in batches; answers how many were written and the seconds it took. The table's
 * stream stays on: seeding with it turned off (provision.ts `withoutStream`) left DynamoDB Local
 * 10 to 20 times slower at every request afterwards, bare reads included (3,000 reports: a bare
 * 10-item query 120 ms instead of 4 ms, the first page 506 ms instead of 18 ms, measured), and did
 * not seed faster (32 s instead of 22 s).
 */
export async function seedInBatches(o: SeedOptions): Promise<{ seeded: number; seconds: number }> {
  const start = performance.now();
  let seeded = 0;
  let next = 0;
  const batches = Math.ceil(o.n / o.batch);
  await Promise.all(
    Array.from({ length: Math.min(o.workers, batches) }, async () => {
      while (next < batches) {
        const from = next++ * o.batch;
        const written = await o.writeBatch(from, Math.min(o.batch, o.n - from)); // not `seeded += await …`: that reads `seeded` before the await
        seeded += written;
        o.onProgress(seeded);
      }
    }),
  );
  return { seeded, seconds: (performance.now() - start) / 1000 };
}

const DAY_MS = 86_400_000;

/** The i-th of `n` records' date: spread evenly over the last two years, up to an hour ago. */
export function spreadOverTwoYears(n: number): (i: number) => Date {
  const start = Date.now() - 2 * 365 * DAY_MS;
  const span = 2 * 365 * DAY_MS - 3_600_000;
  return (i) => new Date(start + Math.floor((span * i) / n));
}

// ---------------------------------------------------------------------------------------------
// The report

/** Milliseconds as the tables show them: whole ms, or tenths of seconds from 10 s. */
export const fmt = (ms: number) => (ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${ms.toFixed(0)} ms`);

export const verdict = (met: boolean) => (met ? "meets" : "MISSES");

/** Both the first call and the median within the target. */
export const meets = (t: Timing, target: number) => Math.max(t.cold, t.warm) <= target;

/** How the admin list's timings were taken, above their table. */
export const timingsNote = (repeat: number) => `timed over HTTP with an admin access token; "first" is the first call, "median" the median of ${repeat} more.`;

export const TIMINGS_TABLE_HEAD = ["| request | first | median | target | verdict | result |", "|---|---|---|---|---|---|"];

/** How many times its bare baseline's median a timing's median took, e.g. "1.25× bare". */
export const timesBare = (t: Timing, bare: Timing) => `${(t.warm / Math.max(bare.warm, 0.001)).toFixed(2)}× bare`;

/** The result cell: the timing's detail, and its ratio to the bare baseline timed in the same run when there is one. */
const resultCell = (t: Timing, bare?: Timing) => (bare ? `${t.detail}; median ${timesBare(t, bare)}` : t.detail);

/** A row judged by `meets`; `bare` is the baseline row of the same reads, whose ratio the result cell gives. */
export const targetRow = (name: string, t: Timing, target: number, bare?: Timing) =>
  `| ${name} | ${fmt(t.cold)} | ${fmt(t.warm)} | ≤ ${fmt(target)} | ${verdict(meets(t, target))} | ${resultCell(t, bare)} |`;

/** A row judged on its median alone (a first page, whose cold call is reported apart). */
export const medianTargetRow = (name: string, t: Timing, target: number, bare?: Timing) =>
  `| ${name} | ${fmt(t.cold)} | ${fmt(t.warm)} | ≤ ${fmt(target)} | ${verdict(t.warm <= target)} | ${resultCell(t, bare)} |`;

/** A baseline row: no target, no verdict; an empty result is written `| |` like the other empty cells. */
export const baselineRow = (name: string, t: Timing, detail = t.detail) => `| ${name} | ${fmt(t.cold)} | ${fmt(t.warm)} | | |${detail ? ` ${detail} ` : " "}|`;

/** Prints the summary and records it as the section `title` of docs/benchmarks.md. */
export function printAndRecord(title: string, summary: string) {
  console.log(`\n${summary}\n`);
  recordSection(title, summary);
}
