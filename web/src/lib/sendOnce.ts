import { ApiError, postJson } from "./api";

/**
 * Waits before each retry of a submission answered with a 5xx or not at all: from the API's
 * Retry-After (2 s) up (docs/architecture.md "Faults").
 */
export const RETRY_DELAYS_MS = [2000, 4000];

const retryable = (cause: unknown) => cause instanceof ApiError && (cause.status === 0 || cause.status >= 500);

/** 32 hex digits: the submission's idempotency key. */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Posts a public form, and posts it again with the same Idempotency-Key while the answer is a 5xx
 * or a lost connection (a throttled table, a function that failed after it stored the form): the
 * server stores a submission once and answers its retries as the first attempt. `body` is asked
 * again for each attempt (a reCAPTCHA token serves once). Any other failure, or the last, is thrown.
 */
export async function sendOnce<T>(
  url: string,
  body: () => Promise<unknown>,
  fallbackMessage: string,
  wait = (ms: number) => new Promise((r) => setTimeout(r, ms)),
): Promise<T> {
  const headers = { "Idempotency-Key": newKey() };
  for (let attempt = 0; ; attempt++) {
    try {
      return await postJson<T>(url, await body(), { fallbackMessage, headers });
    } catch (cause) {
      if (!retryable(cause) || attempt >= RETRY_DELAYS_MS.length) throw cause;
      await wait(RETRY_DELAYS_MS[attempt]);
    }
  }
}
