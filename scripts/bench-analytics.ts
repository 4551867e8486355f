/**
 * `npm run bench:analytics`: the site's own analytics, on a throw-away local stack.
 *
 * 1. Seeds the aggregates of 1,000,000 events (`--events N`) spread over the last 30 days, computed
 *    here with the ingest's own `contribution` and written with `bucketItems` (the items the ingest's
 *    updates leave; the dashboard reads nothing else). The raw log gets only the ingest phase's hits:
 *    the dashboard reads the newest of today's raw partitions and never the older ones.
 * 2. Ingest: `--hits N` beacon hits (default 4000) over HTTP, each from its own loopback address
 *    with a real browser's user agent, against the same hits collected in this process straight to
 *    DynamoDB Local (`Analytics.collect`: the same derivation and the same writes), in alternating
 *    rounds; prints both rates and their ratio (target ≥ 0.8).
 * 3. The dashboard over HTTP with an admin token (24 h, 7 days, 30 days, the recent list): first call
 *    and median of 5, against the bare reads of the same aggregate items (target ≤ 200 ms).
 * 4. The beacon's size: its chunk in the built site, gzip (target ≤ 1 KB).
 * 5. Lighthouse on `/petition` with and without the beacon (its chunk blocked; the page works the
 *    same), median of `--runs` (default 3) each (target: scores within 1 point).
 *
 *   npm run bench:analytics -- [--events 1000000] [--hits 4000] [--runs 3] [--no-build] [--no-lighthouse]
 */
import { execSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { Analytics } from "@site/core/analytics";
import { bucketId, bucketsAt, lastHours, type Bucket } from "@site/core/analytics/buckets";
import { addTo, contribution, emptyCounts, type BucketCounts } from "@site/core/analytics/counts";
import type { DerivedHit } from "@site/core/analytics/derive";
import { resolveRange } from "@site/core/analytics/range";
import { resetSettings, settings } from "@site/core/config";
import { putAll } from "@site/core/db/batch";
import { resetDb } from "@site/core/db/client";
import { fromHeaders } from "@site/core/request/metadata";
import { adminApi, adminToken, fmt, printAndRecord, timer, verdict, type Timing } from "./bench/admin-harness";
import { launchChromium, medianOf, type Figures } from "./bench/lighthouse";
import { percentile, progress, runDescription, runPool } from "./bench/report";
import { startEphemeralStack } from "./bench/stack-process";
import { closeVisitors, postJson, visitorAddress } from "./bench/visitors";
import { repoRoot } from "./local/paths";
import { TABLE_NAME } from "./local/stack";

const { values } = parseArgs({
  options: {
    events: { type: "string", default: "1000000" },
    hits: { type: "string", default: "4000" },
    runs: { type: "string", default: "3" },
    "no-build": { type: "boolean", default: false },
    "no-lighthouse": { type: "boolean", default: false },
  },
});
const EVENTS = Number(values.events);
const HITS = Number(values.hits);
const RUNS = Number(values.runs);
if (![EVENTS, HITS, RUNS].every((n) => Number.isInteger(n) && n >= 1)) {
  console.error("--events, --hits and --runs must be whole numbers ≥ 1");
  process.exit(2);
}
const TARGETS = { ingestRatio: 0.8, dashboardMs: 200, beaconGzipBytes: 1024, lighthousePoints: 1 };
const CONCURRENCY = 50;
const ROUNDS = 4;
const DAY_MS = 86_400_000;

// ---------------------------------------------------------------------------------------------
// What visitors look like

const AGENTS = [
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Mobile Safari/537.36",
  "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Safari/604.1",
  "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
];
const PAGES = [
  "/",
  "/petition",
  "/petition?utm_source=facebook&utm_campaign=spring",
  "/sign/timeshare-reform",
  "/timeshare-scam",
  "/report-scam",
  "/timeshare-scam-checklist?utm_source=newsletter",
  "/consumer-rights",
];
const REFERRERS = [undefined, undefined, "https://www.facebook.com/", "https://www.google.com/", "https://news.example.com/story"];
const EVENT_NAMES = Analytics.EVENT_NAMES;

/** The i-th beacon hit: three page views to one event. */
function hitOf(i: number): Analytics.AnalyticsEvent {
  return i % 4 === 3
    ? { t: "event", n: EVENT_NAMES[i % EVENT_NAMES.length]!, p: "/petition" }
    : { t: "pageview", p: PAGES[i % PAGES.length]!, r: REFERRERS[i % REFERRERS.length] };
}

/** A deterministic stream of pseudo-random numbers (mulberry32), so runs seed the same mix. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CITIES = Array.from({ length: 60 }, (_, i) => `City ${i}, State ${i % 20}, United States`);
const ROUTES = ["/", "/petition", "/sign/:id", "/timeshare-scam", "/report-scam", "/timeshare-scam-checklist", "/consumer-rights", "/donate", "other"];

/** The i-th seeded event, as the ingest derives a hit. */
function seededHit(pick: () => number): DerivedHit {
  const one = <T>(list: readonly T[]) => list[Math.floor(pick() * list.length)]!;
  if (pick() < 0.2) return { kind: "event", name: one(EVENT_NAMES) } as DerivedHit;
  return {
    kind: "pageview",
    route: one(ROUTES),
    device: one(["Mobile", "Mobile", "Desktop", "Tablet"]),
    browser: one(["Chrome", "Safari", "Firefox", "Edge"]),
    os: one(["iOS", "Android", "Windows", "macOS", "Linux"]),
    location: one(CITIES),
    referrer: pick() < 0.3 ? one(["google.com", "facebook.com", "news.example.com", "bing.com"]) : "",
    utmSource: pick() < 0.1 ? one(["facebook", "newsletter"]) : "",
    utmCampaign: pick() < 0.05 ? "spring" : "",
  } as DerivedHit;
}

// ---------------------------------------------------------------------------------------------

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
console.log(`Analytics: ${EVENTS} seeded events, ${HITS} beacon hits per mode`);
if (!values["no-build"]) execSync("npm run build:web", { cwd: repoRoot, stdio: "inherit" });
const stack = await startEphemeralStack();
const lines: string[] = [];
let allMet: boolean;
try {
  // The bench plays thousands of visitors from a few dozen networks: the per-network beacon limit
  // (analytics/ingest.ts) would drop most of them, and it is the write path that is measured here.
  Object.assign(process.env, { TABLE_NAME, DYNAMODB_ENDPOINT: stack.dynamodb, BEACON_RATE_LIMIT_PER_MINUTE: "1000000" });
  resetSettings();
  resetDb();
  const shards = settings().COUNTER_SHARDS;

  // ---------------------------------------------------------------------------------------------
  // 1. The aggregates of EVENTS events over the last 30 days

  const seeding = performance.now();
  const pick = random(42);
  const now = Date.now();
  const buckets = new Map<string, { bucket: Bucket; shard: number; counts: BucketCounts }>();
  for (let i = 0; i < EVENTS; i++) {
    const at = new Date(now - 5 * 60_000 - Math.floor(pick() * 30 * DAY_MS));
    const hit = seededHit(pick);
    const c = contribution(hit, hit.kind === "pageview" && pick() < 0.3);
    const shard = i % shards;
    for (const bucket of bucketsAt(at)) {
      const key = `${bucketId(bucket)}#${shard}`;
      let entry = buckets.get(key);
      if (!entry) buckets.set(key, (entry = { bucket, shard, counts: emptyCounts() }));
      addTo(entry.counts, c);
    }
  }
  const items = [...buckets.values()].flatMap((b) => Analytics.bucketItems(b.bucket, b.shard, b.counts));
  const written = progress("aggregate items written", items.length);
  for (let i = 0; i < items.length; i += 5000) {
    await putAll(items.slice(i, i + 5000), 16);
    written(Math.min(items.length, i + 5000));
  }
  const seedMs = performance.now() - seeding;
  console.log(`  ${EVENTS} events → ${items.length} aggregate items in ${seconds(seedMs)}`);

  // ---------------------------------------------------------------------------------------------
  // 2. Ingest: over HTTP against the same hits collected directly

  const agentOf = (i: number) => AGENTS[i % AGENTS.length]!;
  let apiErrors = 0;
  const viaApi = async (i: number) => {
    const res = await postJson(`${stack.url}/api/events`, JSON.stringify(hitOf(i)), visitorAddress(i, 8192), {
      "content-type": "text/plain;charset=UTF-8",
      "user-agent": agentOf(i),
    });
    if (res.status !== 204 && apiErrors++ < 3) console.log(`  hit ${i}: ${res.status} ${res.body.slice(0, 200)}`);
  };
  const direct = async (i: number) => {
    const result = await Analytics.collect(hitOf(i), { meta: fromHeaders({ "user-agent": agentOf(i) }, visitorAddress(i + 4096, 8192)), headers: {} });
    if (result !== "counted") throw new Error(`hit ${i} was dropped directly: ${result}`);
  };
  console.log("  warming up (200 + 200)");
  await runPool(200, CONCURRENCY, (i) => viaApi(HITS * 2 + i));
  await runPool(200, CONCURRENCY, (i) => direct(HITS * 2 + i));
  apiErrors = 0;
  let apiSeconds = 0;
  let bareSeconds = 0;
  const latencies: number[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const from = Math.floor((HITS * round) / ROUNDS);
    const size = Math.floor((HITS * (round + 1)) / ROUNDS) - from;
    const api = await runPool(size, CONCURRENCY, (i) => viaApi(from + i));
    const bare = await runPool(size, CONCURRENCY, (i) => direct(from + i));
    apiSeconds += api.seconds;
    bareSeconds += bare.seconds;
    latencies.push(...api.latencies);
    ratios.push(bare.seconds / api.seconds);
    console.log(`  round ${round + 1}: HTTP ${(size / api.seconds).toFixed(0)}/s, direct ${(size / bare.seconds).toFixed(0)}/s`);
  }
  closeVisitors();
  latencies.sort((a, b) => a - b);
  const ingestRatio = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)]!;
  const ingestMet = ingestRatio >= TARGETS.ingestRatio && apiErrors === 0;

  // ---------------------------------------------------------------------------------------------
  // 3. The dashboard

  const api = adminApi(stack.url, await adminToken(stack.cognito, stack.userPool.clientId, stack.admin));
  // The server loads each handler module on its first call: a range of 2001 loads them, and reads none of the seeded buckets.
  await api("/api/admin/analytics?range=custom&from=2001-01-01&to=2001-01-01");
  await api("/api/admin/analytics/recent");
  // What the hourly schedule (analytics-summaries) has done by the time anyone looks: every closed bucket summed once.
  const summarizing = performance.now();
  const everyBucket = [...new Map([...buckets.values()].map((b) => [bucketId(b.bucket), b.bucket])).values()];
  await Analytics.readAggregates(everyBucket);
  const summarized = `${everyBucket.length} closed buckets summed once into their summaries in ${seconds(performance.now() - summarizing)} (what the hourly schedule spreads over the month)`;
  console.log(`  ${summarized}`);
  const REPEAT = 5;
  const time = timer(REPEAT);
  const dashboard: { name: string; t: Timing; bare?: Timing }[] = [];
  for (const range of ["24h", "7d", "30d"] as const) {
    const t = await time(`report, ${range}`, async () => {
      const r = await api<Analytics.AnalyticsReport>(`/api/admin/analytics?range=${range}`);
      return `${r.totals.pageviews + r.events.reduce((n, e) => n + e.count, 0)} events in ${r.series.length} buckets`;
    });
    // the range's buckets and the last 24 hours, as the report reads them
    const covered = [...resolveRange({ range }, new Date()).buckets, ...lastHours(new Date(), 24)];
    const bare = await time(`bare reads, ${range}`, async () => {
      Analytics.forgetClosedBuckets();
      await Analytics.readAggregates(covered);
      return `${covered.length} buckets: summaries, and ${shards} shards of each open one`;
    });
    dashboard.push({ name: `report, ${range}`, t, bare });
  }
  const month = await api<Analytics.AnalyticsReport>("/api/admin/analytics?range=30d");
  const monthEvents = month.totals.pageviews + month.events.reduce((n, e) => n + e.count, 0);
  const recentTiming = await time("recent visitors", async () => `${(await api<Analytics.RecentVisits>("/api/admin/analytics/recent")).items.length} visits`);
  dashboard.push({ name: "recent visitors", t: recentTiming });
  const dashboardMet = dashboard.every((d) => Math.max(d.t.cold, d.t.warm) <= TARGETS.dashboardMs);

  // ---------------------------------------------------------------------------------------------
  // 4. The beacon's size

  const assets = join(repoRoot, "web/dist/assets");
  const chunk = readdirSync(assets).find((f) => /^beacon-.*\.js$/.test(f));
  if (!chunk) throw new Error("web/dist has no beacon chunk: build the site (run without --no-build)");
  const chunkBytes = readFileSync(join(assets, chunk));
  const chunkGzip = gzipSync(chunkBytes, { level: 9 }).length;
  const beaconMet = chunkGzip <= TARGETS.beaconGzipBytes;

  // ---------------------------------------------------------------------------------------------
  // 5. Lighthouse on /petition, with and without the beacon

  let lighthouse: { with: Figures; without: Figures } | undefined;
  if (!values["no-lighthouse"]) {
    const chrome = await launchChromium();
    try {
      const url = `${stack.url}/petition`;
      await medianOf(chrome.port, url, [], 1); // warms the server and Chromium
      lighthouse = { with: await medianOf(chrome.port, url, [], RUNS), without: await medianOf(chrome.port, url, [`*${chunk}`], RUNS) };
    } finally {
      await chrome.kill();
    }
  }
  const lighthouseMet = !lighthouse || Math.abs(lighthouse.with.score - lighthouse.without.score) <= TARGETS.lighthousePoints;

  allMet = ingestMet && dashboardMet && beaconMet && lighthouseMet;
  lines.push(
    `${runDescription()}; a throw-away local stack (DynamoDB Local). ${EVENTS} events over the last 30 days seeded as ${items.length} aggregate items (${seconds(seedMs)}); the 30-day report then counts ${monthEvents} events (the seed and the ingest phase).`,
    "",
    "**Ingest** (`POST /api/events`, text/plain as `sendBeacon` sends it, each hit from its own loopback address, real browsers' user agents, three page views to one event; concurrency " +
      `${CONCURRENCY}, ${ROUNDS} alternating rounds after a warm-up) against the same hits collected in this process straight to DynamoDB Local (\`Analytics.collect\`: the same derivation and writes):`,
    "",
    "| mode | hits/s | p50 | p99 |",
    "|---|---|---|---|",
    `| HTTP API | ${(HITS / apiSeconds).toFixed(0)} | ${fmt(percentile(latencies, 50))} | ${fmt(percentile(latencies, 99))} |`,
    `| direct (baseline) | ${(HITS / bareSeconds).toFixed(0)} | | |`,
    "",
    `HTTP / direct: **${ingestRatio.toFixed(2)}** (median of the rounds: ${ratios.map((r) => r.toFixed(2)).join(", ")}), target ≥ ${TARGETS.ingestRatio}: ${verdict(ingestMet)}; ${apiErrors} failed requests.`,
    "",
    `**Dashboard** over HTTP with an admin token: "first" is the server's first read of the range (its handler loaded, its cache of closed buckets empty: the closed buckets' summaries, which the hourly schedule writes, and the open hour's and day's shards), "median" the median of ${REPEAT} more (closed buckets from the process's cache). The bare baseline makes the same reads in this process with no cache. Before timing, ${summarized}.`,
    "",
    "| request | first | median | bare first | bare median | target | verdict | result |",
    "|---|---|---|---|---|---|---|---|",
    ...dashboard.map(
      (d) =>
        `| ${d.name} | ${fmt(d.t.cold)} | ${fmt(d.t.warm)} | ${d.bare ? fmt(d.bare.cold) : ""} | ${d.bare ? fmt(d.bare.warm) : ""} | ≤ ${TARGETS.dashboardMs} ms | ${verdict(Math.max(d.t.cold, d.t.warm) <= TARGETS.dashboardMs)} | ${d.t.detail}${d.bare ? `; bare: ${d.bare.detail}` : ""} |`,
    ),
    "",
    `**Beacon**: its chunk in the built site (\`${chunk}\`, loaded after the page's first view) is ${chunkBytes.length} bytes minified, **${chunkGzip} bytes gzip**; target ≤ ${TARGETS.beaconGzipBytes} bytes: ${verdict(beaconMet)}.`,
    "",
    lighthouse
      ? `**Lighthouse** on \`/petition\` (mobile settings, median of ${RUNS} runs each): score ${lighthouse.with.score} with the beacon, ${lighthouse.without.score} with its chunk blocked (LCP ${(lighthouse.with.lcp / 1000).toFixed(2)} s against ${(lighthouse.without.lcp / 1000).toFixed(2)} s, TBT ${Math.round(lighthouse.with.tbt)} ms against ${Math.round(lighthouse.without.tbt)} ms); target: within ${TARGETS.lighthousePoints} point: ${verdict(lighthouseMet)}.`
      : "**Lighthouse**: not run (--no-lighthouse).",
    "",
    "Command: `npm run bench:analytics` (options `--events`, `--hits`, `--runs`, `--no-build`, `--no-lighthouse`).",
  );
} finally {
  await stack.stop();
}
printAndRecord("Analytics (npm run bench:analytics)", lines.join("\n"));
console.log(allMet ? "\nAll targets met." : "\nSome targets missed (see above).");
process.exitCode = allMet ? 0 : 1;
