import { spawn } from "node:child_process";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { repoRoot } from "../../scripts/local/paths";

export interface StackInfo {
  url: string;
  outboxDir: string;
  dynamodb: string;
  cognito: string;
  userPool: { userPoolId: string; clientId: string };
  admin: { email: string; password: string };
  defaultPetitionId: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    stack: StackInfo;
  }
}

/**
 * Every browser test reaches the stack from 127.0.0.1, so to the per-client rate limits the whole
 * suite is one visitor submitting dozens of forms a minute (four guide requests in guides.test.ts,
 * one more in admin-navigation's and mail-suppression's: a sixth within a minute was refused, and a
 * test waited for a toast that could not come). The limits themselves are tested in the integration
 * tests (leads, signatures, reports, privacy, uploads, beacons); here they get a crowd's headroom.
 */
const ONE_ADDRESS_SUITE_LIMITS = Object.fromEntries(
  ["SIGN", "REPORT", "LEAD", "NEWSLETTER_CONFIRM", "PRIVACY", "UPLOAD", "BEACON"].map((scope) => [`${scope}_RATE_LIMIT_PER_MINUTE`, "1000"]),
);

/**
 * The whole local stack as `npm start` runs it (built site, real emulators), but on free ports with
 * throw-away data and the rate limits above. It stops when its stdin closes, so it never outlives
 * the test run.
 */
export default async function setup(project: TestProject) {
  const child = spawn(join(repoRoot, "node_modules/.bin/tsx"), [join(repoRoot, "scripts/local/main.ts"), "--ephemeral"], {
    cwd: repoRoot,
    stdio: ["pipe", "pipe", "inherit"],
    env: { ...process.env, ...ONE_ADDRESS_SUITE_LIMITS, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" },
  });
  const info = await new Promise<StackInfo>((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`local stack did not start:\n${out}`)), 120_000);
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split("\n").find((l) => l.startsWith("STACK_READY "));
      if (line) {
        clearTimeout(timer);
        resolve(JSON.parse(line.slice("STACK_READY ".length)));
      }
    });
    child.once("exit", (code) => reject(new Error(`local stack exited with ${code}:\n${out}`)));
  });
  project.provide("stack", info);
  return async () => {
    const exited = new Promise((r) => child.once("exit", r));
    child.stdin!.end();
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (child.exitCode === null) child.kill("SIGKILL");
  };
}
