/**
 * `npm run bench:mail`: how fast the paced mail queue sends signature confirmation links when SES
 * allows R e-mails a second. Queues N pending signatures' confirmations (in a stream batch's items,
 * as the signature consumer enqueues them) on a throw-away DynamoDB Local, with the local outbox
 * playing SES's sending rate (SES_SIMULATED_RATE: past it a send fails with SES's throttling error)
 * and the mail budget set to the same rate, then runs the drain (the scheduled job's code) until the
 * queue is empty, and measures the e-mails a second from the first send to the last. The bare baseline
 * of the same run: how fast this machine writes the outbox's files with nothing else in the way.
 *
 *   npm run bench:mail -- [--ses-rate 100] [--n 10000]
 *
 * Ends with exactly:
 *   mail: N e-mails/s at an SES rate of R/s (ratio X)
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { resetSettings } from "@site/core/config";
import { putAll } from "@site/core/db/batch";
import { db, resetDb, table } from "@site/core/db/client";
import { Keys } from "@site/core/db/keys";
import { MailBudget } from "@site/core/mail/budget";
import { throttled } from "@site/core/mail/outbox-rate";
import { writeToOutbox } from "@site/core/mail/outbox";
import { MailDrain } from "@site/core/mail-drain";
import { MailQueue } from "@site/core/mail-queue";
import { Petition } from "@site/core/petition";
import { Signature } from "@site/core/signature";
import { indexItem } from "@site/core/signature/index-item";
import { startDynamo } from "./local/emulators";
import { freePort } from "./local/ports";
import { ensureTable } from "./local/provision";
import { recordSection, runDescription } from "./bench/report";
import { importRequests } from "../test/support/signatures";

const { values } = parseArgs({ options: { "ses-rate": { type: "string", default: "100" }, n: { type: "string", default: "10000" } } });
const RATE = Number(values["ses-rate"]);
const N = Number(values.n);
if (!(RATE >= 1) || !(N >= 1)) throw new Error("--ses-rate and --n take numbers of at least 1");

const dataDir = mkdtempSync(join(tmpdir(), "bench-mail-"));
const outboxDir = join(dataDir, "outbox");
const dynamo = await startDynamo(await freePort());
const tableName = `bench-mail-${randomUUID().slice(0, 8)}`;
await ensureTable(dynamo.url, tableName);
Object.assign(process.env, {
  TABLE_NAME: tableName,
  AWS_REGION: "us-east-1",
  DYNAMODB_ENDPOINT: dynamo.url,
  MAIL_DRIVER: "outbox",
  OUTBOX_DIR: outboxDir,
  SES_SIMULATED_RATE: String(RATE),
  MAIL_RATE_PER_SECOND: String(RATE),
  MAIL_DAILY_QUOTA: String(Math.max(50_000, N * 2)),
  // the queued signers' addresses are all at one domain: many people, not one owner's catch-all
  MAIL_DOMAIN_ALLOWANCE_PER_HOUR: "100000000",
  MAIL_NETWORK_ALLOWANCE_PER_HOUR: "100000000",
  SITE_URL: "https://owners.example.org",
  MAIL_FROM: "petitions@example.org",
  LINK_SIGNING_SECRET: randomUUID(),
  ADMIN_NOTIFY_RECIPIENTS: "",
});
resetSettings();
resetDb();
console.log(`Mail: ${N} signature confirmations queued, SES playing ${RATE} e-mails/s (the budget set to it), drained by the scheduled drain's code`);

// The bare baseline: the outbox's own files, written one after another with nothing else in the way.
const BARE = 500;
const bareDir = join(dataDir, "bare");
const bareStart = performance.now();
for (let i = 0; i < BARE; i++) await writeToOutbox(bareDir, { from: "a@example.org", to: [`b${i}@example.org`], subject: "s", text: "t", html: "<p>t</p>" });
const bareRate = BARE / ((performance.now() - bareStart) / 1000);

// N pending signatures of a petition that verifies them, and their confirmations queued as the stream consumer queues them.
const petition = await Petition.create({ id: `mail-${randomUUID().slice(0, 8)}`, title: "Mail", story: "A story.", goal: N, verifySignatures: true });
const signatures = importRequests(N, `mail-${petition.id}`).map((req) => Signature.build({ ...req, petitionId: petition.id }, new Date(), "pending"));
await putAll(signatures.flatMap((s) => [Signature.signatureItem(s), Signature.guardItem(s), indexItem(s)]));
await db().send(
  new UpdateCommand({
    TableName: table(),
    Key: Keys.counterShard(petition.id, 0),
    UpdateExpression: "ADD #p :n",
    ExpressionAttributeNames: { "#p": "pending" },
    ExpressionAttributeValues: { ":n": N },
  }),
);
await MailQueue.enqueueMany(
  signatures.map((s) => ({ kind: "signature-confirmation" as const, eventId: s.id, ref: { petitionId: s.petitionId, signatureId: s.id } })),
);
console.log(`  queued ${JSON.stringify(await MailQueue.pending())}`);

const budgetBefore = MailBudget.measured();
const started = performance.now();
let rounds = 0;
for (;;) {
  rounds++;
  const result = await MailDrain.drain({ budgetMs: 60_000 });
  const left = await MailQueue.pending();
  const sent = readdirSync(outboxDir).length;
  console.log(`  drain ${rounds}: sent ${result.sent} (${sent} in all), failed ${result.failed}, waiting ${left.confirmations}`);
  if (left.confirmations === 0 || rounds > 50) break;
}
const wall = (performance.now() - started) / 1000;
const mails = readdirSync(outboxDir).map((f) => JSON.parse(readFileSync(join(outboxDir, f), "utf8")) as { at: string; to: string[]; subject: string });
const times = mails.map((m) => Date.parse(m.at)).sort((a, b) => a - b);
const span = (times.at(-1)! - times[0]!) / 1000;
const rate = mails.length > 1 ? (mails.length - 1) / span : 0;
const recipients = new Set(mails.map((m) => m.to[0]));
const duplicates = mails.length - recipients.size;
const missing = signatures.filter((s) => !recipients.has(s.email)).length;
const budget = MailBudget.measured();
const ratio = rate / RATE;
await dynamo.stop();
rmSync(dataDir, { recursive: true, force: true });

const rateFigure = Math.round(rate);
const summary = [
  `${runDescription()}: ${N} signature confirmation links queued on a throw-away DynamoDB Local, the local outbox playing SES at ${RATE} e-mails/s (SES_SIMULATED_RATE: a send past it fails with SES's throttling error), the mail budget at the same rate (MAIL_RATE_PER_SECOND=${RATE}); drained in this process by the scheduled drain's code (MailDrain.drain), ${rounds} drain(s) of up to 60 s.`,
  "",
  "| e-mails | sent | from first to last | e-mails/s | SES rate | ratio | throttled by SES | duplicates | missing | budget writes | bare: outbox files/s |",
  "|---|---|---|---|---|---|---|---|---|---|---|",
  `| ${N} | ${mails.length} | ${span.toFixed(1)} s (wall ${wall.toFixed(1)} s) | ${rate.toFixed(1)} | ${RATE} | ${ratio.toFixed(2)} | ${throttled()} | ${duplicates} | ${missing} | ${budget.writes - budgetBefore.writes} | ${bareRate.toFixed(0)} |`,
  "",
  `- The bare baseline: this machine wrote ${BARE} outbox files one after another at ${bareRate.toFixed(0)} a second (${(rate / bareRate).toFixed(2)} of that here): the drain's DynamoDB work, not the files, is what the send rate costs.`,
  `- Budget: ${budget.writes - budgetBefore.writes} conditional writes for ${mails.length} e-mails (one take per round of up to a second's worth).`,
  "",
  "```",
  `mail: ${rateFigure} e-mails/s at an SES rate of ${RATE}/s (ratio ${ratio.toFixed(2)})`,
  "```",
  "",
  "Command: `npm run bench:mail -- --ses-rate 100` (options `--ses-rate`, `--n`).",
].join("\n");
console.log(`\n${summary}\n`);
recordSection("Mail (`npm run bench:mail`)", summary);
console.log("Recorded in docs/benchmarks.md");
if (duplicates || missing) console.log(`WARNING: ${duplicates} duplicate(s), ${missing} missing`);
console.log(`mail: ${rateFigure} e-mails/s at an SES rate of ${RATE}/s (ratio ${ratio.toFixed(2)})`);
process.exit(0);
