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
 * The whole local stack exactly as `npm start` runs it (built site, real emulators), but on free
 * ports with throw-away data. It stops when its stdin closes, so it never outlives the test run.
 */
export default async function setup(project: TestProject) {
  const child = spawn(join(repoRoot, "node_modules/.bin/tsx"), [join(repoRoot, "scripts/local/main.ts"), "--ephemeral"], {
    cwd: repoRoot,
    stdio: ["pipe", "pipe", "inherit"],
    env: { ...process.env, NODE_OPTIONS: "--disable-warning=NodeVersionSupportWarning" },
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
