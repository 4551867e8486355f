import { randomBytes } from "node:crypto";
import { postJson } from "./visitors";

/**
 * The page's way of sending a form under faults (web/src/lib/sendOnce.ts), for the fault benchmark:
 * one idempotency key per submission, sent again after a 5xx or a lost connection, with the retry
 * delays compressed. Counts what it sees: attempts retried, the gateway's injected answers, and the
 * 500s our own handlers answered (a server error: what must never happen).
 */
export const RETRY_DELAYS_MS = [100, 300, 1000, 2000];

export interface Tally {
  requests: number;
  retried: number;
  /** 500s whose body is the API's own error (not API Gateway's `{"message": ...}` of an injected invocation failure) */
  serverErrors: number;
  /** answers that stayed 5xx after every retry, or never came */
  failed: number;
}

export const newTally = (): Tally => ({ requests: 0, retried: 0, serverErrors: 0, failed: 0 });

const ours = (body: string) => {
  try {
    return typeof (JSON.parse(body) as { error?: unknown }).error === "string";
  } catch {
    return false;
  }
};

/** Posts `body()` to `url` from `from` until it is answered below 500; answers the last status and body. */
export async function sendOnce(tally: Tally, url: string, body: () => unknown, from: string): Promise<{ status: number; body: string }> {
  tally.requests++;
  const key = randomBytes(16).toString("hex");
  for (let attempt = 0; ; attempt++) {
    let answer: { status: number; body: string } | undefined;
    try {
      answer = await postJson(url, JSON.stringify(body()), from, { "idempotency-key": key });
    } catch {
      answer = undefined;
    }
    if (answer && answer.status === 500 && ours(answer.body)) tally.serverErrors++;
    if (answer && answer.status < 500) return answer;
    if (attempt >= RETRY_DELAYS_MS.length) {
      tally.failed++;
      return answer ?? { status: 0, body: "" };
    }
    tally.retried++;
    await new Promise((r) => setTimeout(r, RETRY_DELAYS_MS[attempt]));
  }
}
