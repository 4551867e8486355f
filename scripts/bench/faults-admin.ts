import type { DeadLetter } from "../../packages/core/src/health/info";
import { adminApi, adminToken } from "./admin-harness";
import type { RunningStack } from "./stack-process";

/** Attempts of an administrator's call answered with a 5xx (the stack plays faults on the API too). */
const ATTEMPTS = 5;

/**
 * What the administrator does on the console's Health page once the load is over
 * (docs/architecture.md "Faults"): every dead letter waiting that can be re-driven is re-driven
 * (`POST /api/admin/health/dead-letters/{id}/redrive`), as the page's button does. Answers how many.
 * A side effect that fails again is dead-lettered again, and still counted as waiting.
 */
export async function redriveDeadLetters(stack: RunningStack): Promise<number> {
  const api = adminApi(stack.url, await adminToken(stack.cognito, stack.userPool.clientId, stack.admin));
  const call = async <T>(path: string, init?: RequestInit): Promise<T> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await api<T>(path, init);
      } catch (err) {
        if (attempt >= ATTEMPTS || !/→ 5\d\d /.test(String(err))) throw err;
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  };
  const { deadLetters } = await call<{ deadLetters: { items: DeadLetter[] } }>("/api/admin/health");
  const redrivable = deadLetters.items.filter((d) => d.state === "waiting" && d.eventId);
  for (const d of redrivable) await call(`/api/admin/health/dead-letters/${encodeURIComponent(d.id)}/redrive`, { method: "POST" });
  return redrivable.length;
}
