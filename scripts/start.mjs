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
// The AWS SDK warns that Node 20 support ends in 2027; the toolchain supports Node 20.19+ and 22.
const NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ""} --disable-warning=NodeVersionSupportWarning`.trim();
const child = spawn(tsx, [join(root, "scripts", "local", "main.ts"), ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, NODE_OPTIONS },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
