/**
 * `npm run bench:newsletter`: sending one newsletter issue to N confirmed subscribers.
 * Starts a throw-away local stack (outbox mail driver, a sending rate far above SES's), seeds N
 * confirmed subscribers straight into the table (`subscriberItems`, with progress), creates a draft
 * and sends it over the admin API, following the send's job until it is done. Then it checks that
 * every subscriber got exactly one copy, and writes the same number of messages straight to an outbox
 * directory (`writeToOutbox`, same content, same concurrency) as the baseline. Prints the rate and
 * the per-recipient overhead and records them in docs/benchmarks.md.
 *
 *   npm run bench:newsletter -- [--subscribers 50000] [--batch 100] [--rate 100000]
 *
 * `--batch` is the stack's NEWSLETTER_BATCH_SIZE; `--rate` its MAIL_RATE_PER_SECOND, all of it the
 * newsletter's (no reserve for links, a daily quota it never reaches).
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { resetSettings } from "@site/core/config";
import { putAll } from "@site/core/db/batch";
import { resetDb } from "@site/core/db/client";
import { writeToOutbox } from "@site/core/mail/outbox";
import { Newsletter } from "@site/core/newsletter";
import { IN_FLIGHT } from "@site/core/mailing/limits";
import { Issues } from "@site/core/newsletter/issues/index";
import { newToken } from "@site/core/util/token";
import { pool } from "@site/core/util/pool";
import { adminApi, adminToken } from "./bench/admin-harness";
import { progress, recordSection, runDescription } from "./bench/report";
import { startEphemeralStack } from "./bench/stack-process";
import { TABLE_NAME } from "./local/stack";

const { values } = parseArgs({
  options: {
    subscribers: { type: "string", default: "50000" },
    batch: { type: "string", default: "100" },
    rate: { type: "string", default: "100000" },
  },
});
const N = Number(values.subscribers);
const BATCH = Number(values.batch);
const RATE = Number(values.rate);
if (!Number.isInteger(N) || N < 1 || !Number.isInteger(BATCH) || BATCH < 1 || BATCH > 1000 || !Number.isInteger(RATE) || RATE < 1 || RATE > 100_000) {
  console.error("--subscribers must be a whole number ≥ 1, --batch 1..1000, --rate above 0");
  process.exit(2);
}
const SEED_CHUNK = 3000;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const perSecond = (n: number, ms: number) => Math.round(n / (ms / 1000));

console.log(`Newsletter send: ${N} confirmed subscribers, batches of ${BATCH}, at most ${RATE} e-mails/s`);
const stack = await startEphemeralStack({
  NEWSLETTER_BATCH_SIZE: String(BATCH),
  MAIL_RATE_PER_SECOND: String(RATE),
  MAIL_LINK_RESERVE_PER_SECOND: "0",
  MAIL_DAILY_QUOTA: "100000000",
  NEWSLETTER_DAILY_SHARE: "1",
});
let ok: boolean;
try {
  Object.assign(process.env, { TABLE_NAME, DYNAMODB_ENDPOINT: stack.dynamodb });
  resetSettings();
  resetDb();

  // ---------------------------------------------------------------------------------------------
  // Seeding

  const run = randomUUID().slice(0, 8);
  const base = Date.now() - 30 * 24 * 3600_000;
  const subscribers: Newsletter.Subscriber[] = Array.from({ length: N }, (_, i) => {
    const at = new Date(base + i * 10).toISOString();
    const email = `reader-${run}-${i}@example.com`;
    return {
      email,
      emailNormalized: email,
      name: `Reader ${i}`,
      status: "confirmed",
      consents: [{ source: "scam-report", at }],
      createdAt: at,
      source: "scam-report",
      consentAt: at,
      confirmedAt: at,
      unsubscribeToken: newToken(),
      rev: 1,
    };
  });
  const seeding = performance.now();
  const seeded = progress("seeded", N);
  for (let i = 0; i < N; i += SEED_CHUNK) {
    await putAll(
      subscribers.slice(i, i + SEED_CHUNK).flatMap((s) => Newsletter.subscriberItems(s)),
      8,
    );
    seeded(Math.min(N, i + SEED_CHUNK));
  }
  const seedMs = performance.now() - seeding;
  console.log(`  seeded in ${seconds(seedMs)} (${perSecond(N, seedMs)} subscribers/s)`);

  // ---------------------------------------------------------------------------------------------
  // The send, over the admin API

  const token = await adminToken(stack.cognito, stack.userPool.clientId, stack.admin);
  const api = adminApi(stack.url, token);
  const subject = `Benchmark issue ${run}`;
  const content = { subject, body: "# Benchmark\n\nDear reader, this is **one** issue, sent once.\n\n- [Our site](https://example.org)\n- Never pay upfront." };
  const draft = await api<Issues.Issue>("/api/admin/newsletter/issues", { method: "POST", body: JSON.stringify(content) });
  const sending = performance.now();
  const started = await api<Issues.SendStarted>(`/api/admin/newsletter/issues/${draft.id}/send`, { method: "POST", body: "{}" });
  const shown = progress("sent", N);
  let job: { status: string; progress: { completed: number; total: number | null }; error?: string };
  for (;;) {
    job = await api(`/api/admin/jobs/${started.jobId}`);
    if (job.progress.total !== null) shown(Math.min(N, job.progress.completed));
    if (job.status === "done" || job.status === "failed") break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  const sendMs = performance.now() - sending;
  const issue = await api<Issues.Issue>(`/api/admin/newsletter/issues/${draft.id}`);
  console.log(`  ${job.status} in ${seconds(sendMs)}: ${JSON.stringify(issue.counts)}`);

  // ---------------------------------------------------------------------------------------------
  // Each subscriber exactly once

  const copies = new Map<string, number>();
  const files = (await readdir(stack.outboxDir)).filter((f) => f.endsWith(".json"));
  await pool(files, 32, async (f) => {
    const message = JSON.parse(await readFile(join(stack.outboxDir, f), "utf8")) as { to: string[]; subject: string };
    if (message.subject === subject) for (const to of message.to) copies.set(to, (copies.get(to) ?? 0) + 1);
  });
  const missing = subscribers.filter((s) => !copies.has(s.email)).length;
  const twice = [...copies.values()].filter((n) => n > 1).length;
  const strangers = [...copies.keys()].filter((to) => !to.startsWith(`reader-${run}-`)).length;
  const exactlyOnce = job.status === "done" && missing === 0 && twice === 0 && strangers === 0 && issue.counts.sent === N && issue.counts.failed === 0;

  // ---------------------------------------------------------------------------------------------
  // Baseline: the same messages written straight to an outbox directory, as many at once as the sender

  const rendered = Issues.renderIssue(content);
  const baselineDir = mkdtempSync(join(tmpdir(), "bench-newsletter-baseline-"));
  const baselining = performance.now();
  try {
    await pool(subscribers, IN_FLIGHT, async (s) => {
      const m = Newsletter.newsletterMessage({ email: s.email, unsubscribeToken: s.unsubscribeToken! }, rendered);
      await writeToOutbox(baselineDir, { from: "no-reply@localhost", to: m.to, subject: m.subject, text: m.text, html: m.html, headers: m.headers });
    });
  } finally {
    rmSync(baselineDir, { recursive: true, force: true });
  }
  const baselineMs = performance.now() - baselining;

  const overheadMs = (sendMs - baselineMs) / N;
  const summary = [
    `${runDescription()}, local stack (DynamoDB Local, in-process bus, outbox mail driver).`,
    `${N} confirmed subscribers seeded with subscriberItems in ${seconds(seedMs)}; one issue sent over the admin API with`,
    `NEWSLETTER_BATCH_SIZE=${BATCH} (${Math.ceil(N / BATCH)} batch events) and MAIL_RATE_PER_SECOND=${RATE} (no link reserve), followed through its job.`,
    "",
    "|  | messages | time | messages/s |",
    "|---|---|---|---|",
    `| send (POST …/send until the job is done) | ${issue.counts.sent} | ${seconds(sendMs)} | ${perSecond(issue.counts.sent, sendMs)} |`,
    `| baseline: writeToOutbox, ${IN_FLIGHT} at a time | ${N} | ${seconds(baselineMs)} | ${perSecond(N, baselineMs)} |`,
    "",
    `- Overhead per recipient: **${overheadMs.toFixed(2)} ms** (send − baseline, ÷ ${N}): the audience page and its BatchGet re-check, the delivery claim and its outcome, the batch events and counts`,
    `- Send / baseline time: ${(sendMs / baselineMs).toFixed(1)}×`,
    `- Each subscriber exactly once: ${exactlyOnce ? "yes" : "NO"} (missing ${missing}, twice ${twice}, others ${strangers}; counts ${JSON.stringify(issue.counts)}, job ${job.status}${job.error ? `: ${job.error}` : ""})`,
    "",
    "Command: `npm run bench:newsletter` (options `--subscribers`, `--batch`, `--rate`).",
  ].join("\n");
  console.log(`\n${summary}\n`);
  recordSection("Newsletter send (`npm run bench:newsletter`)", summary);
  ok = exactlyOnce;
} finally {
  await stack.stop();
}
process.exit(ok ? 0 : 1);
