/**
 * `npm run bench:sign`: N signatures through the HTTP API against the local stack, then the same
 * number of bare TransactWriteItems of the same shape against the same DynamoDB Local. Prints rates,
 * their ratio and latencies, checks the final count, and records the figures in docs/benchmarks.md.
 *
 *   npm run bench:sign -- [--n 2000] [--concurrency 50] [--url http://localhost:3000 --dynamodb http://127.0.0.1:8000]
 *
 * Without --url it starts a throw-away local stack of its own.
 */
import { randomUUID } from "node:crypto";
import { cpus } from "node:os";
import { parseArgs } from "node:util";
import { QueryCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { resetSettings, settings } from "@site/core/config";
import { db, resetDb, table } from "@site/core/db/client";
import { Keys } from "@site/core/db/keys";
import { Petition } from "@site/core/petition";
import { startEphemeralStack } from "./bench/stack-process";
import { percentile, progress, recordSection, runPool } from "./bench/report";
import { TABLE_NAME } from "./local/stack";

const { values } = parseArgs({
  options: {
    n: { type: "string", default: "2000" },
    concurrency: { type: "string", default: "50" },
    url: { type: "string" },
    dynamodb: { type: "string", default: "http://127.0.0.1:8000" },
  },
});
const N = Number(values.n);
const CONCURRENCY = Number(values.concurrency);

const own = values.url ? undefined : await startEphemeralStack();
const url = values.url ?? own!.url;
Object.assign(process.env, { TABLE_NAME, DYNAMODB_ENDPOINT: own?.dynamodb ?? values.dynamodb });
resetSettings();
resetDb();
console.log(`Benchmark: ${N} signatures, concurrency ${CONCURRENCY}, against ${url}`);

const run = randomUUID().slice(0, 8);
const apiPetition = await Petition.create({ id: `bench-api-${run}`, title: "Benchmark (API)", story: "Benchmark petition", goal: N });
const barePetition = await Petition.create({ id: `bench-bare-${run}`, title: "Benchmark (bare)", story: "Benchmark petition", goal: N });

// Each request comes from its own viewer address, as distinct visitors would, so the per-IP limit
// measures nothing here.
const viewer = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}:443`;
const body = (i: number) =>
  JSON.stringify({
    firstName: `Bench${i}`,
    lastName: "Signer",
    email: `bench-${run}-${i}@example.com`,
    client: { screenResolution: "1920x1080", timezone: "America/New_York", language: "en-US" },
  });

let apiErrors = 0;
const api = await runPool(
  N,
  CONCURRENCY,
  async (i) => {
    const res = await fetch(`${url}/api/petitions/${apiPetition.id}/signatures`, {
      method: "POST",
      headers: { "content-type": "application/json", "cloudfront-viewer-address": viewer(i), "user-agent": "bench/1.0" },
      body: body(i),
    });
    await res.arrayBuffer();
    if (res.status !== 201) apiErrors++;
  },
  progress("API", N),
);

/** The signing transaction's shape without the HTTP layer: guard put, signature put, shard update. */
async function bareSign(i: number) {
  const id = `${Date.now().toString(36)}${randomUUID().slice(0, 8)}`;
  const createdAt = new Date().toISOString();
  for (let attempt = 0; ; attempt++) {
    try {
      await db().send(
        new TransactWriteCommand({
          TransactItems: [
            { ConditionCheck: { TableName: table(), Key: Keys.petition(barePetition.id), ConditionExpression: "attribute_exists(pk)" } },
            { Put: { TableName: table(), Item: { ...Keys.emailGuard(barePetition.id, `bare-${i}@example.com`), type: "emailGuard" }, ConditionExpression: "attribute_not_exists(pk)" } },
            { Put: { TableName: table(), Item: { ...Keys.signature(barePetition.id, id), ...Keys.signatureList(createdAt, id), type: "signature", id, firstName: `Bench${i}`, createdAt } } },
            {
              Update: {
                TableName: table(),
                Key: Keys.counterShard(barePetition.id, Math.floor(Math.random() * settings().COUNTER_SHARDS)),
                UpdateExpression: "ADD #c :one",
                ExpressionAttributeNames: { "#c": "count" },
                ExpressionAttributeValues: { ":one": 1 },
              },
            },
          ],
        }),
      );
      return;
    } catch (err) {
      if (attempt > 8 || !String((err as Error).message).includes("TransactionConflict")) throw err;
    }
  }
}
const bare = await runPool(N, CONCURRENCY, bareSign, progress("bare TransactWriteItems", N));

async function storedSignatures(petitionId: string) {
  let total = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const res = await db().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: "pk = :pk AND begins_with(sk, :sig)",
        ExpressionAttributeValues: { ":pk": Keys.petition(petitionId).pk, ":sig": Keys.signaturePrefix },
        Select: "COUNT",
        ConsistentRead: true,
        ExclusiveStartKey,
      }),
    );
    total += res.Count ?? 0;
    ExclusiveStartKey = res.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return total;
}

const [count, stored] = await Promise.all([Petition.count(apiPetition.id, true), storedSignatures(apiPetition.id)]);
const apiRate = N / api.seconds;
const bareRate = N / bare.seconds;
const ratio = apiRate / bareRate;
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

const rows = [
  ["", "signatures/s", "p50", "p99"],
  ["HTTP API (POST /api/petitions/{id}/signatures)", apiRate.toFixed(0), fmt(percentile(api.latencies, 50)), fmt(percentile(api.latencies, 99))],
  ["bare TransactWriteItems", bareRate.toFixed(0), fmt(percentile(bare.latencies, 50)), fmt(percentile(bare.latencies, 99))],
];
const table_ = rows.map((r) => `| ${r.join(" | ")} |`);
table_.splice(1, 0, "|---|---|---|---|");
const verdict = ratio >= 0.7 ? "meets" : "misses";
const summary = [
  `Run ${new Date().toISOString()} on ${cpus().length} cores (${cpus()[0]?.model ?? "unknown CPU"}), Node ${process.version},`,
  `${N} signatures at concurrency ${CONCURRENCY}, local stack (DynamoDB Local, in-process bus and subscribers).`,
  "",
  ...table_,
  "",
  `- API / bare ratio: **${ratio.toFixed(2)}** (target ≥ 0.70: ${verdict})`,
  `- API errors: ${apiErrors}; final count ${count}, stored signatures ${stored}: ${count === stored ? "equal" : "MISMATCH"}`,
  "",
  "Command: `npm run bench:sign` (options `--n`, `--concurrency`, `--url`, `--dynamodb`).",
].join("\n");

console.log(`\n${summary}\n`);
recordSection("Signing (`npm run bench:sign`)", summary);
console.log("Recorded in docs/benchmarks.md");
await own?.stop();
process.exit(count === stored && apiErrors === 0 ? 0 : 1);
