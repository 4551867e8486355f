import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { once } from "node:events";
import { marshall } from "@aws-sdk/util-dynamodb";
import { TransactWriteCommand, type TransactWriteCommandInput } from "@aws-sdk/lib-dynamodb";
import { db, table } from "@site/core/db/client";
import { dynamoJarDir } from "../local/emulators";
import { repoRoot } from "../local/paths";

/**
 * Loads items straight into a DynamoDB Local's SQLite file (scripts/bench/bulk-load/DynamoLocalBulkLoad.java),
 * for benchmarks at a million records: DynamoDB Local's own writes take ~900 items a second here
 * (hours for a million scam reports), the loader tens of thousands. Each row's columns are computed
 * by DynamoDB Local's own code; `verifyTable` recomputes every stored row and counts the mismatches.
 * The DynamoDB Local serving the file may keep running (SQLite's locking), idle while it loads.
 */

/** DynamoDB Local's file in a stack's data directory (-sharedDb). */
export const dynamoFileIn = (dataDir: string) => join(dataDir, "dynamodb", "shared-local-instance.db");

const classDir = join(repoRoot, "node_modules/.cache/dynamo-local-bulk-load");

function java(args: string[]) {
  const jar = dynamoJarDir();
  const classPath = [classDir, join(jar, "DynamoDBLocal.jar"), join(jar, "DynamoDBLocal_lib/*")].join(":");
  return { cwd: jar, args: ["-Xmx2g", "-Djava.library.path=./DynamoDBLocal_lib", "-cp", classPath, "DynamoLocalBulkLoad", ...args] };
}

let compiled = false;
function compile(): void {
  if (compiled) return;
  compiled = true;
  mkdirSync(classDir, { recursive: true });
  const jar = dynamoJarDir();
  const res = spawnSync(
    "javac",
    [
      "-cp",
      [join(jar, "DynamoDBLocal.jar"), join(jar, "DynamoDBLocal_lib/*")].join(":"),
      "-d",
      classDir,
      join(repoRoot, "scripts/bench/bulk-load/DynamoLocalBulkLoad.java"),
    ],
    { stdio: "inherit" },
  );
  if (res.error || res.status !== 0) throw new Error("javac failed: the bulk loader needs a JDK (javac), not only a JRE");
}

export interface BulkLoadOptions {
  /** DynamoDB Local's SQLite file */
  file: string;
  table: string;
  /** batches of items, each as the document client would write it */
  batches: AsyncIterable<Record<string, unknown>[]>;
  /** about how many items: many beside the table's rows, the loader builds its indexes after the load */
  expectedItems?: number;
  /** then recompute every `verifyEvery`-th stored row, as `verifyTable` does (0: none) */
  verifyEvery?: number;
  onProgress?: (items: number) => void;
}

/**
 * How long the loader and the check wait to open the file while the serving DynamoDB Local holds its
 * lock: after a million-report load, it kept a new connection out for over a minute (2026-12-01).
 */
const LOCKED_FOR_AT_MOST = 10 * 60_000;

/** Writes every batch's items into the table's file; returns the number of items loaded and the check's line. */
export async function bulkLoad(o: BulkLoadOptions): Promise<{ items: number; verified: string }> {
  compile();
  const child = await startLoader(o.file, o.table, o.expectedItems ?? 0, o.verifyEvery ?? 0);
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => {
    out += chunk.toString();
    for (const built of chunk.toString().matchAll(/^indexed (.*)$/gm)) console.log(`  built index ${built[1]}`);
    const loaded = [...out.matchAll(/loaded (\d+)/g)].pop();
    if (loaded) o.onProgress?.(Number(loaded[1]));
  });
  const exited = once(child, "exit");
  let written = 0;
  for await (const items of o.batches) {
    const lines = items.map((item) => JSON.stringify(marshall(item, { removeUndefinedValues: true }))).join("\n") + "\n";
    written += items.length;
    if (!child.stdin.write(lines)) await once(child.stdin, "drain");
  }
  child.stdin.end();
  const [code] = (await exited) as [number | null];
  const done = /loaded (\d+) items/.exec(out);
  const verified = /^verified .*$/m.exec(out)?.[0] ?? "";
  if (code !== 0 || !done || Number(done[1]) !== written || !out.includes("loaded done") || (!!o.verifyEvery && !verified))
    throw new Error(`bulk load failed (exit ${code}): wrote ${written} items, loader said:\n${out.slice(-2000)}`);
  return { items: written, verified };
}

/** The loader, once it has opened the file (retried while the running DynamoDB Local holds its write lock). */
function startLoader(file: string, table: string, expectedItems: number, verifyEvery: number) {
  const { cwd, args } = java(["load", file, table, "pk", "sk", String(Math.round(expectedItems)), String(verifyEvery)]);
  return retryUntil<ChildProcessWithoutNullStreams>(LOCKED_FOR_AT_MOST, async () => {
    const child = spawn("java", args, { cwd, stdio: ["pipe", "pipe", "pipe"] });
    let err = "";
    let started = false;
    // its warnings once it runs; a start refused by the lock is reported in one line below
    child.stderr.on("data", (chunk: Buffer) => {
      err += chunk.toString();
      if (started) process.stderr.write(chunk);
    });
    const ready = await new Promise<boolean>((resolve) => {
      const onData = (chunk: Buffer) => {
        if (!chunk.toString().includes("ready")) return;
        child.stdout.off("data", onData);
        resolve(true);
      };
      child.stdout.on("data", onData);
      child.once("exit", () => resolve(false));
    });
    if ((started = ready)) return { value: child };
    const failed = new Error(`the bulk loader did not start:\n${err.slice(-2000)}`);
    if (!/database is locked/.test(err)) throw failed;
    return { retry: "the bulk loader waits: DynamoDB Local holds the file's lock", failed };
  });
}

/**
 * Recomputes the table's stored rows (every `every`-th) from their items with DynamoDB Local's code and
 * throws on a mismatch: before a load, that the loader computes what DynamoDB Local stored itself;
 * after, that the loader stored what it computed. Returns the loader's line ("verified N rows, 0 mismatched").
 */
export function verifyTable(file: string, table: string, every = 1): Promise<string> {
  compile();
  const { cwd, args } = java(["verify", file, table, "pk", "sk", String(every)]);
  return retryUntil<string>(LOCKED_FOR_AT_MOST, async () => {
    const res = spawnSync("java", args, { cwd, encoding: "utf8", maxBuffer: 1 << 24 });
    if (res.status === 0) return { value: res.stdout.trim().split("\n").pop() ?? "" };
    const failed = new Error(`verifying DynamoDB Local's rows failed: ${res.stdout.slice(-2000)}${res.stderr.slice(-2000)}`);
    // opening DynamoDB Local's access writes its metadata tables: wait while the running one writes
    if (!/database is locked/.test(res.stderr)) throw failed;
    return { retry: "the check waits: DynamoDB Local holds the file's lock", failed };
  });
}

export interface BulkSeedOptions {
  file: string;
  /** records to seed, in batches of `batch` */
  n: number;
  batch: number;
  /** about how many items a record has */
  itemsPerRecord: number;
  /** every item the product's import writes for records from..from+size (not their count) */
  itemsOf: (from: number, size: number) => Record<string, unknown>[];
  /** the UpdateItems that add n records to their count (applied through DynamoDB Local, each once) */
  countUpdates: (n: number) => CountUpdate[];
  /** one read of what the benchmark then times, repeated untimed to warm DynamoDB Local up */
  warmRead: () => Promise<unknown>;
  onProgress?: (items: number) => void;
}

/**
 * Seeds n records by loading their items straight into DynamoDB Local's file, then counts them and
 * warms DynamoDB Local up (`warmUntilSteady`): it served few requests during the load and its JIT was cold (the
 * same query took 14–30 ms cold and 5 ms after a few hundred requests), where seeding through its API
 * leaves it warm. Answers the items loaded, the loader's check of one loaded row in 100 and the seconds taken.
 */
export async function bulkSeed(o: BulkSeedOptions): Promise<{ items: number; verified: string; seconds: number }> {
  const start = performance.now();
  async function* batches() {
    for (let from = 0; from < o.n; from += o.batch) yield o.itemsOf(from, Math.min(o.batch, o.n - from));
  }
  // the check of the loaded rows runs in the loader: after a large load, the serving DynamoDB Local
  // kept a new connection out for minutes ("database is locked", a 1,000,000-report run, 2026-12-01)
  const { items, verified } = await bulkLoad({
    file: o.file,
    table: table(),
    batches: batches(),
    expectedItems: o.n * o.itemsPerRecord,
    verifyEvery: 100,
    onProgress: o.onProgress,
  });
  const run = `${Date.now()}-${process.pid}`;
  for (const [i, update] of o.countUpdates(o.n).entries()) await applyOnce(update, `${run}#${i}`);
  console.log(`  ${await warmUntilSteady(o.warmRead)}`);
  return { items, verified, seconds: (performance.now() - start) / 1000 };
}

/**
 * Repeats the read for at least 20 s and until its last 10 times are steady (the slowest within 3× their
 * median), for at most 20 minutes. After a million-report load, DynamoDB Local answered every request in
 * ~8 s for a minute or two (2026-12-01): the local stream reader had described the table again, which
 * DynamoDB Local does by reading the whole table once per secondary index; the reader no longer does
 * after a failed read (scripts/local/streams.ts). Steady-slow reads pass this test: it prints what it
 * saw, to be read beside the figures.
 */
async function warmUntilSteady(read: () => Promise<unknown>): Promise<string> {
  const start = performance.now();
  const elapsed = () => performance.now() - start;
  const times: number[] = [];
  /** the last 10 reads' median, and whether the slowest of them is within 3× it */
  const lastTen = () => {
    const last = times.slice(-10).sort((a, b) => a - b);
    const median = last[4] ?? 0;
    return { median, steady: last.length === 10 && last[9] <= 3 * Math.max(1, median) };
  };
  while ((elapsed() < 20_000 || !lastTen().steady) && elapsed() <= 20 * 60_000) {
    const t = performance.now();
    await read();
    times.push(performance.now() - t);
  }
  const { median, steady } = lastTen();
  const slow = times.filter((t) => t > 3 * Math.max(1, median)).length;
  return (
    `warmed DynamoDB Local up: ${times.length} reads in ${(elapsed() / 1000).toFixed(0)} s, first ${times[0].toFixed(0)} ms, ` +
    `${slow} slower than 3× the last 10's median (${median.toFixed(0)} ms)${steady ? "" : "; NOT steady after 20 minutes"}`
  );
}

type CountUpdate = NonNullable<NonNullable<TransactWriteCommandInput["TransactItems"]>[number]["Update"]>;

/**
 * Applies one ADD exactly once, retrying for up to 10 minutes: right after a million-report load,
 * DynamoDB Local answered the count's 16 parallel UpdateItems "timed out … waiting for a lock" through
 * all the SDK's attempts (two runs, 2026-11-30), and a failed ADD may or may not have been applied.
 * So each ADD goes in a transaction with a marker item written only if absent: a retry of an ADD
 * that was applied is cancelled by the marker's condition and stops there.
 */
function applyOnce(update: CountUpdate, marker: string): Promise<void> {
  return retryUntil<void>(10 * 60_000, async () => {
    try {
      await db().send(
        new TransactWriteCommand({
          TransactItems: [
            { Update: update },
            {
              Put: {
                TableName: table(),
                Item: { pk: "BENCH#bulk-load", sk: `COUNTED#${marker}` },
                ConditionExpression: "attribute_not_exists(pk)",
              },
            },
          ],
        }),
      );
      return { value: undefined };
    } catch (err) {
      const reasons = (err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
      if (reasons?.[1]?.Code === "ConditionalCheckFailed") return { value: undefined }; // an earlier attempt was applied
      return { retry: `DynamoDB Local did not take the count's write (${(err as Error).message.slice(0, 80)}); retrying`, failed: err as Error };
    }
  });
}

/** One attempt's outcome: its value, or why to try again (printed) and what to throw if time is up. */
type Attempt<T> = { value: T } | { retry: string; failed: Error };

/**
 * Runs `attempt` every 2 s until it gives a value, for at most `forMs` (then throws its last failure):
 * the ways DynamoDB Local turns a client away for a while after a large load. What must not be
 * retried, `attempt` throws.
 */
async function retryUntil<T>(forMs: number, attempt: () => Promise<Attempt<T>>): Promise<T> {
  const until = Date.now() + forMs;
  for (;;) {
    const outcome = await attempt();
    if ("value" in outcome) return outcome.value;
    if (Date.now() > until) throw outcome.failed;
    console.log(`  ${outcome.retry}`);
    await new Promise((r) => setTimeout(r, 2000));
  }
}
