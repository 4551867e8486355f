import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { repoRoot } from "../local/paths";

export interface RunningStack {
  url: string;
  dynamodb: string;
  /** its throw-away data directory (DynamoDB Local's file is in it when on disk) */
  dataDir: string;
  outboxDir: string;
  /** cognito-local's endpoint, the pool and the stack's administrator (from the STACK_READY line) */
  cognito: string;
  userPool: { userPoolId: string; clientId: string };
  admin: { email: string; password: string };
  defaultPetitionId: string;
  stop(): Promise<void>;
}

/**
 * Starts `scripts/local/main.ts --ephemeral` (free ports, throw-away data; `env` over this process's)
 * and waits until it serves, for the browser tests and the benchmarks. The stack stops when its
 * stdin closes, so it never outlives the process that started it.
 */
export async function startEphemeralStack(env: Record<string, string> = {}): Promise<RunningStack> {
  const child: ChildProcess = spawn(join(repoRoot, "node_modules/.bin/tsx"), [join(repoRoot, "scripts/local/main.ts"), "--ephemeral"], {
    cwd: repoRoot,
    stdio: ["pipe", "pipe", "inherit"],
    env: {
      ...process.env,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
      // the simulated visitors of the benchmarks and the browser tests all type addresses at
      // example.com: many people at one domain, not one owner's catch-all (core/mail/domain-brake.ts)
      MAIL_DOMAIN_ALLOWANCE_PER_HOUR: "100000000",
      MAIL_NETWORK_ALLOWANCE_PER_HOUR: "100000000",
      ...env,
    },
  });
  const info = await new Promise<Omit<RunningStack, "stop">>((resolve, reject) => {
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
  return {
    ...info,
    stop: async () => {
      const exited = new Promise((r) => child.once("exit", r));
      child.stdin!.end();
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
    },
  };
}
