// `npm test`: typecheck, lint and format check, unit, infrastructure, integration (real emulators), web build, then
// browser tests on the whole local stack. Ends with the steps' times and one "N passed, N failed" line.
// Typecheck, lint and the infrastructure tests run side by side (each leaves most of a core idle on a
// 2-core machine), their output printed step by step as each finishes; the rest run one after another.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { performance } from "node:perf_hooks";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => join(root, "node_modules", ".bin", name);
// piped output loses vitest's colours unless asked for; a log file (CI) gets none
const env = {
  ...process.env,
  ...(process.stdout.isTTY ? { FORCE_COLOR: "1" } : {}),
  // the AWS SDK's Node 20 notice, once per test process otherwise (scripts/start.mjs says why)
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
};
const reports = mkdtempSync(join(tmpdir(), "timeshare-test-report-"));
const only = process.argv.slice(2);

let passed = 0;
let failed = 0;
const problems = [];
/** Each failed test and each file that failed outside a test, repeated at the end: a CI log's tail holds them all. */
const failures = [];

const timings = [];
const seconds = (since) => Math.round((performance.now() - since) / 1000);

/** A command's output, printed as it comes and kept for `explain`. */
function run(command, args, stepEnv, print) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: stepEnv, stdio: ["ignore", "pipe", "pipe"] });
    const output = [];
    const keep = (chunk) => {
      output.push(chunk);
      print?.(chunk);
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    child.on("close", (status) => resolve({ status, output: Buffer.concat(output).toString("utf8") }));
  });
}

/**
 * A failed step whose report names no failed test (a type error, a lint finding, an error vitest
 * caught outside any test): its first error lines go into the closing list of failures.
 */
function explain(name, output, before) {
  if (failures.length > before) return;
  const lines = output.replace(/\x1b\[[0-9;]*m/g, "").split("\n");
  const first = lines.findIndex((l) => /error|FAIL|Unhandled/i.test(l));
  const excerpt = (first < 0 ? lines.slice(-8) : lines.slice(Math.max(0, first - 1), first + 8)).filter((l) => l.trim());
  failures.push(`${name}:\n${excerpt.map((l) => `    ${l.slice(0, 300)}`).join("\n")}`);
}

async function step(name, command, args, stepEnv = env, after) {
  console.log(`\n━━ ${name} ━━`);
  const started = performance.now();
  const before = failures.length;
  const { status, output } = await run(command, args, stepEnv, (chunk) => process.stdout.write(chunk));
  timings.push(`${name} ${seconds(started)} s`);
  after?.();
  if (status !== 0) {
    problems.push(name);
    explain(name, output, before);
  }
  return status === 0;
}

/** Steps (`{name, command, args}`) run at once, each one's output printed whole once it finishes. */
async function together(steps) {
  const started = performance.now();
  await Promise.all(
    steps.map(async ({ name, command, args, done }) => {
      const { status, output } = await run(command, args, env);
      console.log(`\n━━ ${name} ━━`);
      process.stdout.write(output);
      timings.push(`${name} ${seconds(started)} s (alongside others)`);
      const before = failures.length;
      done?.();
      if (status !== 0) {
        problems.push(name);
        explain(name, output, before);
      }
    }),
  );
}

const vitestArgs = (project, files, report) => ["run", "--project", project, ...files, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`];
const reportOf = (label) => join(reports, `${label.replace(/[^\w.-]+/g, "-")}.json`);

const firstLine = (message = "") => message.trim().split("\n")[0].slice(0, 300);

/** Adds a vitest report's counts to the closing line. */
function count(label) {
  try {
    const summary = JSON.parse(readFileSync(reportOf(label), "utf8"));
    passed += summary.numPassedTests;
    failed += summary.numFailedTests;
    if (summary.numTotalTests === 0) problems.push(`${label}: no tests ran`);
    for (const file of summary.testResults) {
      const where = `${label}: ${file.name.replace(`${root}/`, "")}`;
      const tests = file.assertionResults.filter((t) => t.status === "failed");
      for (const t of tests) failures.push(`${where} > ${t.fullName}\n    ${firstLine(t.failureMessages?.[0])}`);
      if (file.status === "failed" && tests.length === 0) failures.push(`${where} (outside a test)\n    ${firstLine(file.message)}`);
    }
  } catch {
    failed += 1;
    problems.push(`${label}: no report`);
  }
}

/** A vitest project's run, counted in the closing line; `pathDirs` first on the PATH (another Node). */
async function vitest(project, files = [], label = project, pathDirs = "") {
  const stepEnv = pathDirs ? { ...env, PATH: `${pathDirs}${delimiter}${env.PATH}` } : env;
  await step(`${label} tests`, bin("vitest"), vitestArgs(project, files, reportOf(label)), stepEnv, () => count(label));
}

const wanted = (p) => only.length === 0 || only.includes(p);
await together(
  [
    { name: "typecheck", command: "npm", args: ["run", "typecheck"] },
    // ESLint (typescript-eslint, React's rules of hooks) and Prettier's check: `npm run format` mends the format
    { name: "lint", command: "npm", args: ["run", "lint"] },
    { name: "infra tests", command: bin("vitest"), args: vitestArgs("infra", [], reportOf("infra")), done: () => count("infra") },
  ].filter(({ name }) => wanted(name.replace(" tests", ""))),
);
/**
 * LAMBDA_NODE: a directory holding the Node Lambda runs (CI: Node 24, from the npm registry's `node`
 * package). The integration step, the handlers against the emulators, runs on it instead of the
 * machine's Node, and the unit tests of the code Lambda runs (packages/) run on it a second time. The
 * machine's Node still runs everything else: the toolchain (typecheck, lint, synth, build), every unit
 * test, and the same handlers again under the browser step's local stack. Running the whole integration
 * suite on both Nodes cost 5 to 6 minutes of a 2-core CI run (docs/benchmarks.md "CI time").
 */
const lambdaNode = process.env.LAMBDA_NODE;
const lambdaNodeVersion = lambdaNode && spawnSync(join(lambdaNode, "node"), ["--version"], { encoding: "utf8" }).stdout?.trim();
if (lambdaNode && !lambdaNodeVersion) problems.push(`LAMBDA_NODE: no node in ${lambdaNode}`);
if (wanted("unit")) await vitest("unit");
if (wanted("unit") && lambdaNodeVersion) await vitest("unit", ["packages/"], `unit on Node ${lambdaNodeVersion}`, lambdaNode);
if (wanted("integration")) {
  if (!lambdaNode) await vitest("integration");
  else if (lambdaNodeVersion) await vitest("integration", [], `integration on Node ${lambdaNodeVersion}`, lambdaNode);
}
if (wanted("browser")) {
  if (await step("build the site", "npm", ["run", "build:web"])) await vitest("browser");
}

console.log(`\nStep times: ${timings.join(", ")}`);
if (failures.length) console.log(`Failures:\n${failures.map((f) => `  ${f}`).join("\n")}`);
if (problems.length) console.log(`Problems: ${problems.join("; ")}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(problems.length || failed ? 1 : 0);
