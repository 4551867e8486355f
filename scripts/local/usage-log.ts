import { appendFileSync } from "node:fs";

/**
 * An opt-in record of what the local stack's runtime does that AWS bills or throttles per request
 * (LOCAL_USAGE_LOG=<file>, set only by the capacity benchmarks): every Lambda invocation the
 * deployed stack would make (an API request, a bus delivery to a rule's target, a stream batch, a
 * scheduled run) with how long its handler ran, and every event handed to the bus (an EventBridge
 * PutEvents entry). One JSON line each, appended synchronously so a stopped stack loses none.
 * DynamoDB's reads and writes have their own record (core/db/capacity-log.ts); SES sends are the
 * outbox's files.
 */
export type UsageEntry =
  | {
      kind: "invoke";
      /** the function: a route's handler, a subscriber's or stream consumer's name, a schedule's name */
      fn: string;
      trigger: "api" | "event" | "stream" | "schedule";
      ms: number;
      /** a stream batch's records */
      records?: number;
      at: number;
    }
  | { kind: "event"; type: string; source: string; at: number };

const file = () => process.env.LOCAL_USAGE_LOG;

export function recordUsage(entry: UsageEntry): void {
  const to = file();
  if (to) appendFileSync(to, `${JSON.stringify(entry)}\n`);
}

/** Runs one invocation and records it (when the log is on), whatever its outcome. */
export async function invocation<T>(
  fn: string,
  trigger: Extract<UsageEntry, { kind: "invoke" }>["trigger"],
  run: () => Promise<T>,
  records?: number,
): Promise<T> {
  if (!file()) return run();
  const started = performance.now();
  try {
    return await run();
  } finally {
    recordUsage({ kind: "invoke", fn, trigger, ms: performance.now() - started, ...(records !== undefined ? { records } : {}), at: Date.now() });
  }
}
