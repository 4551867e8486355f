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
const env = { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --disable-warning=NodeVersionSupportWarning`.trim() };
const reports = mkdtempSync(join(tmpdir(), "timeshare-test-report-"));
const only = process.argv.slice(2);

let passed = 0;
let failed = 0;
const problems = [];

const timings = [];
const seconds = (since) => Math.round((performance.now() - since) / 1000);

function step(name, command, args, stepEnv = env) {
  console.log(`\n━━ ${name} ━━`);
  const started = performance.now();
  const res = spawnSync(command, args, { cwd: root, stdio: "inherit", env: stepEnv });
  timings.push(`${name} ${seconds(started)} s`);
  if (res.status !== 0) problems.push(name);
  return res.status === 0;
}

/** Steps (`{name, command, args}`) run at once, each one's output printed whole once it finishes. */
async function together(steps) {
  const started = performance.now();
  await Promise.all(
    steps.map(
      ({ name, command, args, done }) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
          const output = [];
          child.stdout.on("data", (chunk) => output.push(chunk));
          child.stderr.on("data", (chunk) => output.push(chunk));
          child.on("close", (status) => {
            console.log(`\n━━ ${name} ━━`);
            process.stdout.write(Buffer.concat(output));
            timings.push(`${name} ${seconds(started)} s (alongside others)`);
            if (status !== 0) problems.push(name);
            done?.();
            resolve();
          });
        }),
    ),
  );
}

const vitestArgs = (project, files, report) => ["run", "--project", project, ...files, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`];
const reportOf = (label) => join(reports, `${label.replace(/[^\w.-]+/g, "-")}.json`);

/** Adds a vitest report's counts to the closing line. */
function count(label) {
  try {
    const summary = JSON.parse(readFileSync(reportOf(label), "utf8"));
    passed += summary.numPassedTests;
    failed += summary.numFailedTests;
    if (summary.numTotalTests === 0) problems.push(`${label}: no tests ran`);
  } catch {
    failed += 1;
    problems.push(`${label}: no report`);
  }
}

/** A vitest project's run, counted in the closing line; `pathDirs` first on the PATH (another Node). */
function vitest(project, files = [], label = project, pathDirs = "") {
  const stepEnv = pathDirs ? { ...env, PATH: `${pathDirs}${delimiter}${env.PATH}` } : env;
  step(`${label} tests`, bin("vitest"), vitestArgs(project, files, reportOf(label)), stepEnv);
  count(label);
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
for (const project of ["unit", "integration"]) if (wanted(project)) vitest(project);
// ALSO_ON_NODE: a directory holding another Node (CI: Node 22, from the npm registry's `node` package),
// on which the unit and integration steps run a second time.
const otherNode = process.env.ALSO_ON_NODE;
if (otherNode) {
  const version = spawnSync(join(otherNode, "node"), ["--version"], { encoding: "utf8" }).stdout?.trim();
  if (!version) problems.push(`ALSO_ON_NODE: no node in ${otherNode}`);
  else for (const project of ["unit", "integration"]) if (wanted(project)) vitest(project, [], `${project} on Node ${version}`, otherNode);
}
if (wanted("browser")) {
  if (step("build the site", "npm", ["run", "build:web"])) vitest("browser");
}

console.log(`\nStep times: ${timings.join(", ")}`);
if (problems.length) console.log(`Problems: ${problems.join("; ")}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(problems.length || failed ? 1 : 0);
