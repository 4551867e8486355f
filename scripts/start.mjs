// `npm start` / `npm run dev`: installs what is missing, checks Java, then runs the local stack.
// Plain JavaScript on purpose: it must run before dependencies (tsx, TypeScript) are installed.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

const java = spawnSync("java", ["-version"], { encoding: "utf8" });
if (java.error || java.status !== 0) {
  console.error(
    "Java 17 or newer is needed to run DynamoDB Local.\n" +
      "Install it, e.g. on Debian/Ubuntu: sudo apt-get install -y openjdk-17-jre-headless\n" +
      "then run `npm start` again.",
  );
  process.exit(1);
}

if (!existsSync(join(root, "node_modules", ".package-lock.json"))) {
  console.log("• installing dependencies (npm ci)");
  const res = spawnSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: root, stdio: "inherit" });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

const tsx = join(root, "node_modules", ".bin", "tsx");
// The AWS SDK warns on Node 20 that its releases after January 2027 need Node 22; the locked SDK runs
// on Node 20.19+, 22 and 24 (README). Its own switch: the warning is a plain "Warning", which Node's
// --disable-warning cannot single out.
const AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";
const child = spawn(tsx, [join(root, "scripts", "local", "main.ts"), ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
