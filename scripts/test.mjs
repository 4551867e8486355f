// `npm test`: typecheck, lint and format check, unit, infrastructure, integration (real emulators), web build, then
// browser tests on the whole local stack. Ends with one "N passed, N failed" line.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => join(root, "node_modules", ".bin", name);
const env = { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --disable-warning=NodeVersionSupportWarning`.trim() };
const reports = mkdtempSync(join(tmpdir(), "timeshare-test-report-"));
const only = process.argv.slice(2);

let passed = 0;
let failed = 0;
const problems = [];

function step(name, command, args) {
  console.log(`\n━━ ${name} ━━`);
  const res = spawnSync(command, args, { cwd: root, stdio: "inherit", env });
  if (res.status !== 0) problems.push(name);
  return res.status === 0;
}

function vitest(project, files = [], label = project) {
  const report = join(reports, `${label}.json`);
  step(`${label} tests`, bin("vitest"), ["run", "--project", project, ...files, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`]);
  try {
    const summary = JSON.parse(readFileSync(report, "utf8"));
    passed += summary.numPassedTests;
    failed += summary.numFailedTests;
    if (summary.numTotalTests === 0) problems.push(`${label}: no tests ran`);
  } catch {
    failed += 1;
    problems.push(`${label}: no report`);
  }
}

const SMOKE = ["signing", "mail-queue", "events", "evidence", "privacy.test", "admin-routes", "local-server-edge"].map((f) => `test/integration/${f}`);

const wanted = (p) => only.length === 0 || only.includes(p);
if (wanted("typecheck")) step("typecheck", "npm", ["run", "typecheck"]);
// ESLint (typescript-eslint, React's rules of hooks) and Prettier's check: `npm run format` mends the format
if (wanted("lint")) step("lint", "npm", ["run", "lint"]);
for (const project of ["unit", "infra", "integration"]) if (wanted(project)) vitest(project);
// `smoke`: the server code's unit tests and the integration files that reach every emulator
// (DynamoDB Local, s3rver, cognito-local), the local bus and the mail queue. CI runs it on a second
// Node version (Lambda's) instead of the whole unit and integration steps, 9 minutes on its 2 cores.
if (only.includes("smoke")) {
  vitest("unit", ["packages/"], "server unit");
  vitest("integration", SMOKE, "integration smoke");
}
if (wanted("browser")) {
  if (step("build the site", "npm", ["run", "build:web"])) vitest("browser");
}

console.log("");
if (problems.length) console.log(`Problems: ${problems.join("; ")}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(problems.length || failed ? 1 : 0);
