/**
 * The whole local stack in one process: `npm start` (built site), `npm run dev` (Vite hot reload),
 * and `--ephemeral` for browser tests and benchmarks (temp data, free ports, a JSON line on stdout).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import type { LocalServerOptions } from "./server";
import { repoRoot } from "./paths";

interface ViteModule {
  createServer(config: object): Promise<{ middlewares: NonNullable<LocalServerOptions["devMiddleware"]>; close(): Promise<void> }>;
}
import { startLocalStack } from "./stack";

const args = new Set(process.argv.slice(2));
const dev = args.has("--dev");
const ephemeral = args.has("--ephemeral");
const build = !dev && !ephemeral && !args.has("--no-build");

if (existsSync(join(repoRoot, ".env"))) process.loadEnvFile(join(repoRoot, ".env"));
const env = process.env;
const port = (name: string, fallback: number) => (ephemeral ? 0 : Number(env[name] ?? fallback));
const dataDir = ephemeral ? mkdtempSync(join(tmpdir(), "timeshare-stack-")) : resolve(repoRoot, env.DATA_DIR ?? ".data");
const log = (msg: string) => console.log(ephemeral ? `[stack] ${msg}` : `• ${msg}`);

if (build) {
  log("building the site (web/dist)");
  const res = spawnSync("npm", ["run", "build", "--workspace", "web"], { cwd: repoRoot, stdio: "inherit" });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

let devMiddleware: LocalServerOptions["devMiddleware"];
let closeVite = async () => {};
if (dev) {
  // Vite lives in the web workspace; load that copy so the dev server matches the build.
  const vitePath = createRequire(join(repoRoot, "web/package.json")).resolve("vite");
  const { createServer } = (await import(pathToFileURL(vitePath).href)) as ViteModule;
  const vite = await createServer({ root: join(repoRoot, "web"), server: { middlewareMode: true }, appType: "spa" });
  devMiddleware = vite.middlewares;
  closeVite = () => vite.close();
}

const stack = await startLocalStack({
  dataDir,
  // an ephemeral stack's table lives in memory, unless a benchmark larger than the machine's memory asks for disk
  // (DynamoDB Local held ~45 KB of memory per scam report: half a million took 22.6 GB)
  inMemory: ephemeral && env.EPHEMERAL_DYNAMODB_ON_DISK !== "1",
  ports: {
    http: port("PORT", 3000),
    dynamodb: port("DYNAMODB_PORT", 8000),
    s3: port("S3_PORT", 4569),
    cognito: port("COGNITO_PORT", 9229),
  },
  siteUrl: ephemeral ? undefined : (env.SITE_URL ?? `http://localhost:${env.PORT ?? 3000}`),
  admin: { email: env.LOCAL_ADMIN_EMAIL ?? "admin@example.org" },
  devMiddleware,
  onProgress: log,
});

const shutdown = () =>
  void Promise.all([stack.stop(), closeVite()]).finally(() => {
    if (ephemeral) rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);

if (ephemeral) {
  // Tests and benchmarks read this line; stdin closing (the parent went away) stops the stack.
  console.log(
    "STACK_READY " +
      JSON.stringify({
        url: stack.url,
        dataDir,
        outboxDir: stack.outboxDir,
        dynamodb: stack.dynamodb,
        cognito: stack.cognito,
        userPool: stack.userPool,
        admin: stack.admin,
        defaultPetitionId: stack.defaultPetitionId,
      }),
  );
  process.stdin.on("end", shutdown).resume();
} else {
  const site = `http://localhost:${new URL(stack.url).port}`;
  console.log(`
  Site:         ${site}/petition
  API:          ${site}/api/health
  Admin login:  ${site}/admin/login
                e-mail    ${stack.admin.email}
                password  ${stack.admin.password}
  Mail outbox:  ${site}/dev/mail

  Data is kept in ${dataDir}. Press Ctrl-C to stop.`);
}
