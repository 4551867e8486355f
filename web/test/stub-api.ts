import { act } from "@testing-library/react";
import { vi } from "vitest";
import { RETRY_DELAYS_MS } from "../src/lib/sendOnce";

/** One request a page made: its URL, its JSON body, and its Idempotency-Key (lib/sendOnce.ts) when sent. */
export interface Call {
  url: string;
  body: Record<string, unknown> | undefined;
  key?: string;
}

/** Answers one request; `calls` holds every request so far, this one last. */
export type Answer = (call: Call, calls: readonly Call[]) => Response | Promise<Response>;

export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/**
 * Stands in for the API (a stubbed `fetch`): every request is recorded in the returned list and
 * answered by `answer`, or with a 404 when it gives nothing.
 */
export function stubFetch(answer: (call: Call, calls: readonly Call[]) => Response | Promise<Response> | undefined): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const key = (init?.headers as Record<string, string> | undefined)?.["Idempotency-Key"];
      const call: Call = { url, body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined, ...(key ? { key } : {}) };
      calls.push(call);
      return (await answer(call, calls)) ?? json(404, { error: "Not found" });
    }),
  );
  return calls;
}

/** The runtime configuration /api/config answers: no captcha unless a site key is given. */
export const runtimeConfig = (recaptchaSiteKey: string | null = null) => json(200, { defaultPetitionId: "p", recaptchaSiteKey, auth: {} });

/** Stands in for the API by path: `routes` answer their paths, /api/config with `recaptchaSiteKey`, anything else a 404. */
export function stubRoutes(routes: Record<string, Answer>, recaptchaSiteKey: string | null = null): Call[] {
  return stubFetch((call, calls) => (call.url === "/api/config" ? runtimeConfig(recaptchaSiteKey) : routes[call.url]?.(call, calls)));
}

/** How many of `calls` went to `url`. */
export const callsTo = (calls: readonly Call[], url: string) => calls.filter((c) => c.url === url).length;

/**
 * A fake clock for a page's waits (setTimeout and clearTimeout only) that still moves on its own, so
 * everything else on the page runs as it would; `retriesPass` or `vi.advanceTimersByTimeAsync` skips a
 * wait, and `vi.useRealTimers()` (in the file's afterEach) ends it.
 */
export const useFakeWaits = () => vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout"] });

/** Lets the waits before a page's first `n` retries (lib/sendOnce.ts) go by on the fake clock (`useFakeWaits`). */
export async function retriesPass(n = RETRY_DELAYS_MS.length) {
  for (const ms of RETRY_DELAYS_MS.slice(0, n)) {
    await act(async () => void (await new Promise((r) => setTimeout(r, 50))));
    await act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
  }
}
