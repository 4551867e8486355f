/**
 * npm run bench:faults: a mixed load on a local stack that injects every fault of
 * packages/core/src/faults/spec.ts at a few percent (DynamoDB throttles, capacity refusals and 500s,
 * S3 503s, SES throttles and 5xx, Sheets 429 and 500, PutEvents entries rejected, deliveries failed,
 * invocations failing or timing out after their work), then lets the system drain and checks the
 * table, the bucket, the outbox and the sheets files (docs/architecture.md "Faults"):
 *
 * - lost: a request answered 201 whose record is not stored (or a report without its evidence file);
 * - duplicated: a person with more than one record where they sent one;
 * - side effects lost: an e-mail a record must cause that never left, a record missing from its
 *   sheet tab, a dead letter still waiting;
 * - sent twice: one e-mail (recipient and subject) to a visitor twice;
 * - retried: attempts the client sent again (the page's retries: same idempotency key);
 * - server errors: a 500 answered by our own code (not API Gateway's answer to an injected failure).
 *
 * The load: signatures on the default petition (counted at once) and a verifying one, reports with
 * evidence, guide requests, the newsletter confirmations they ask for, and one privacy erasure.
 *
 *   npm run bench:faults                     300 signatures, 40 reports, 120 guide requests, faults at 3 %
 *   npm run bench:faults -- --rate 0.05 --signatures 600 --seed 7
 */
import { dirname, join } from "node:path";
import { parseArgs } from "node:util";
import { everyFault, formatFaults } from "../packages/core/src/faults/spec";
import { redriveDeadLetters } from "./bench/faults-admin";
import { newTally, sendOnce, type Tally } from "./bench/faults-client";
import { runPool, recordSection, runDescription } from "./bench/report";
import { startEphemeralStack } from "./bench/stack-process";
import { closeVisitors, visitorAddress } from "./bench/visitors";
import { TABLE_NAME } from "./local/stack";

const { values } = parseArgs({
  options: {
    signatures: { type: "string", default: "300" },
    reports: { type: "string", default: "40" },
    leads: { type: "string", default: "120" },
    rate: { type: "string", default: "0.03" },
    seed: { type: "string", default: "1" },
    concurrency: { type: "string", default: "8" },
  },
});
const o = {
  signatures: Number(values.signatures),
  reports: Number(values.reports),
  leads: Number(values.leads),
  rate: Number(values.rate),
  seed: Number(values.seed),
  concurrency: Number(values.concurrency),
};
const FAULTS = formatFaults(everyFault(o.rate));
const run = Math.random().toString(36).slice(2, 8);
const DOMAIN = `faults-${run}.example.com`;
const address = (what: string, i: number) => `${what}-${i}@${DOMAIN}`;
const client = { screenResolution: "1920x1080", timezone: "America/New_York", language: "en-US" };

console.log(`Benchmark: a mixed load under every fault at ${o.rate * 100} % (seed ${o.seed})`);
const stack = await startEphemeralStack({ FAULTS, FAULTS_SEED: String(o.seed), LOG_LEVEL: "SILENT", SHEETS_SYNC_DEBOUNCE_MS: "200" });
const dataDir = dirname(stack.outboxDir);
// this process reads the stack's table to check it, without faults of its own
Object.assign(process.env, { TABLE_NAME, AWS_REGION: "us-east-1", DYNAMODB_ENDPOINT: stack.dynamodb, FAULTS: "" });
const { Petition } = await import("../packages/core/src/petition");
const { Report } = await import("../packages/core/src/report");
const { DeadLetters } = await import("../packages/core/src/dead-letters");
const { checks } = await import("./bench/faults-checks");

const tally: Tally = newTally();
const post = (path: string, body: () => unknown, i: number) => sendOnce(tally, `${stack.url}${path}`, body, visitorAddress(i, 4000));
const started = performance.now();

try {
  const verifying = await Petition.create({
    id: `faults-${run}`,
    title: "Faults rehearsal",
    story: "A petition that verifies signatures.",
    goal: 100_000,
    verifySignatures: true,
  });
  const accepted = await load(verifying.id);
  await checks.drain(stack.outboxDir);

  // the newsletter confirmations the signers and guide requesters asked for, then one erasure
  const confirmations = await checks.confirmNewsletters(stack.outboxDir, DOMAIN, (token, i) => post("/api/newsletter/confirm", () => ({ token }), 9000 + i));
  const erasure = await checks.eraseOne(stack.outboxDir, accepted.leads[0]?.email, (path, body, i) => post(path, () => body, 9500 + i));
  await checks.drain(stack.outboxDir);
  // the administrator re-drives what failed every retry (the Health page's button), then it drains again
  const redriven = await redriveDeadLetters(stack);
  if (redriven) await checks.drain(stack.outboxDir);

  const found = await checks.verify({
    accepted,
    confirmations,
    erasure,
    outboxDir: stack.outboxDir,
    sheetsDir: join(dataDir, "sheets"),
    bucketDir: join(dataDir, "s3"),
    domain: DOMAIN,
    defaultPetitionId: stack.defaultPetitionId,
    verifyingPetitionId: verifying.id,
    waitingDeadLetters: (await DeadLetters.list()).waiting,
    Report,
    Petition,
  });
  const seconds = (performance.now() - started) / 1000;
  const line = `faults: ${tally.requests} requests, ${found.lost} lost, ${found.duplicated} duplicated, ${found.sideEffectsLost} side effects lost, ${found.sentTwice} sent twice, ${tally.retried} retried, ${tally.serverErrors} server errors`;
  const body = [
    runDescription(),
    `${o.signatures} signatures (half on a petition that verifies them), ${o.reports} reports with evidence, ${o.leads} guide requests, ${confirmations.sent} newsletter confirmations and one privacy erasure, ${o.concurrency} at a time, on a local stack playing every fault of \`packages/core/src/faults/spec.ts\` at ${o.rate * 100} % (\`FAULTS=${FAULTS}\`, seed ${o.seed}), ${seconds.toFixed(0)} s with the drains.`,
    "",
    "| what | count |",
    "|---|---|",
    `| requests (each a visitor's submission, retried by the client with its idempotency key) | ${tally.requests} |`,
    `| attempts retried by the client | ${tally.retried} |`,
    `| requests still failing after every retry | ${tally.failed} |`,
    `| dead letters re-driven by the administrator (the Health page's button) | ${redriven} |`,
    ...found.details.map(([what, n]) => `| ${what} | ${n} |`),
    "",
    `\`${line}\``,
    "",
    "Command: `npm run bench:faults` (options `--signatures`, `--reports`, `--leads`, `--rate`, `--seed`, `--concurrency`).",
  ].join("\n");
  recordSection("Faults (`npm run bench:faults`)", body);
  console.log(`  dead letters re-driven by the administrator: ${redriven}`);
  for (const [what, n] of found.details) console.log(`  ${what}: ${n}`);
  console.log("Recorded in docs/benchmarks.md");
  console.log(line);
} finally {
  closeVisitors();
  await stack.stop();
}

/** The load, `concurrency` visitors at a time; answers what was accepted. */
async function load(verifyingId: string) {
  const signatures: { petitionId: string; email: string; id: string; pending: boolean }[] = [];
  const reports: { email: string; reference: string; reportId: string; fileName: string }[] = [];
  const leads: { email: string; id: string }[] = [];
  const jobs = [
    ...Array.from({ length: o.signatures }, (_, i) => async () => {
      const petitionId = i % 2 ? verifyingId : stack.defaultPetitionId;
      const email = address("signer", i);
      const res = await post(
        `/api/petitions/${petitionId}/signatures`,
        () => ({ firstName: "Fay", lastName: `Signer`, email, newsletterConsent: i % 4 === 0, client }),
        i,
      );
      if (res.status === 201) signatures.push({ petitionId, email, id: (JSON.parse(res.body) as { signatureId: string }).signatureId, pending: i % 2 === 1 });
    }),
    ...Array.from({ length: o.reports }, (_, i) => async () => {
      const email = address("reporter", i);
      const fileName = `receipt-${i}.pdf`;
      const uploadId = await checks.upload((path, body) => post(path, () => body, 5000 + i), fileName);
      if (!uploadId) return;
      const res = await post("/api/reports", () => checks.reportBody(email, { uploadId, fileName }, client), 5000 + i);
      if (res.status === 201) reports.push({ email, fileName, ...(JSON.parse(res.body) as { reference: string; reportId: string }) });
    }),
    ...Array.from({ length: o.leads }, (_, i) => async () => {
      const email = address("guide", i);
      const res = await post("/api/leads/checklist", () => ({ fullName: "Gia Guide", email, newsletterConsent: i % 3 === 0, client }), 7000 + i);
      if (res.status === 201) leads.push({ email, id: (JSON.parse(res.body) as { id: string }).id });
    }),
  ];
  // interleaved, as visitors come
  const order = jobs.map((job, i) => ({ job, k: (i * 7919) % jobs.length })).sort((a, b) => a.k - b.k);
  await runPool(order.length, o.concurrency, (i) => order[i].job());
  console.log(`  load: ${signatures.length} signatures, ${reports.length} reports, ${leads.length} guide requests accepted; ${tally.retried} retries so far`);
  return { signatures, reports, leads };
}

export type Accepted = Awaited<ReturnType<typeof load>>;
