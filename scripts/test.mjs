// `npm test`: typecheck, lint and format check, unit, infrastructure, integration (real emulators), web build, then
// browser tests on the whole local stack. Ends with one "N passed, N failed" line.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
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

function step(name, command, args, stepEnv = env) {
  console.log(`\n━━ ${name} ━━`);
  const res = spawnSync(command, args, { cwd: root, stdio: "inherit", env: stepEnv });
  if (res.status !== 0) problems.push(name);
  return res.status === 0;
}

/** A vitest project's run, counted in the closing line; `pathDirs` first on the PATH (another Node). */
function vitest(project, files = [], label = project, pathDirs = "") {
  const report = join(reports, `${label.replace(/[^\w.-]+/g, "-")}.json`);
  const stepEnv = pathDirs ? { ...env, PATH: `${pathDirs}${delimiter}${env.PATH}` } : env;
  step(
    `${label} tests`,
    bin("vitest"),
    ["run", "--project", project, ...files, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`],
    stepEnv,
  );
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

const wanted = (p) => only.length === 0 || only.includes(p);
if (wanted("typecheck")) step("typecheck", "npm", ["run", "typecheck"]);
// ESLint (typescript-eslint, React's rules of hooks) and Prettier's check: `npm run format` mends the format
if (wanted("lint")) step("lint", "npm", ["run", "lint"]);
for (const project of ["unit", "infra", "integration"]) if (wanted(project)) vitest(project);
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

console.log("");
if (problems.length) console.log(`Problems: ${problems.join("; ")}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(problems.length || failed ? 1 : 0);
