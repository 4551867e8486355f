// `npm test`: typecheck, unit, infrastructure, integration (real emulators), web build, then
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

function vitest(project) {
  const report = join(reports, `${project}.json`);
  step(`${project} tests`, bin("vitest"), ["run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`]);
  try {
    const summary = JSON.parse(readFileSync(report, "utf8"));
    passed += summary.numPassedTests;
    failed += summary.numFailedTests;
    if (summary.numTotalTests === 0) problems.push(`${project}: no tests ran`);
  } catch {
    failed += 1;
    problems.push(`${project}: no report`);
  }
}

const wanted = (p) => only.length === 0 || only.includes(p);
if (wanted("typecheck")) step("typecheck", "npm", ["run", "typecheck"]);
for (const project of ["unit", "infra", "integration"]) if (wanted(project)) vitest(project);
if (wanted("browser")) {
  if (step("build the site", "npm", ["run", "build:web"])) vitest("browser");
}

console.log("");
if (problems.length) console.log(`Problems: ${problems.join("; ")}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(problems.length || failed ? 1 : 0);
