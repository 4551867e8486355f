/**
 * A service's answer that says "not now" rather than "no": a throttle (DynamoDB, SES, S3's SlowDown,
 * EventBridge, Google's 429), a 5xx, a timeout. Our SDK clients retry these on their own first
 * (util/sdk-http.ts, db/client.ts); one that outlived those attempts is answered 503 with Retry-After
 * (functions/src/lib/http.ts), and the page tries again with the same idempotency key.
 */
const THROTTLE_NAMES = new Set([
  "ThrottlingException",
  "Throttling",
  "ProvisionedThroughputExceededException",
  "RequestLimitExceeded",
  "TooManyRequestsException",
  "SlowDown",
  "TransactionInProgressException",
]);
const TRANSIENT_NAMES = new Set(["TimeoutError", "RequestTimeout", "RequestTimeoutException", "ServiceUnavailable", "InternalServerError", "InternalFailure"]);

export function isTransient(err: unknown): boolean {
  if (!err || typeof err !== "object") return false;
  const e = err as { name?: unknown; $metadata?: { httpStatusCode?: unknown }; $retryable?: unknown; status?: unknown; code?: unknown };
  const name = typeof e.name === "string" ? e.name : "";
  if (THROTTLE_NAMES.has(name) || TRANSIENT_NAMES.has(name) || e.$retryable) return true;
  const status = [e.$metadata?.httpStatusCode, e.status, e.code].find((s): s is number => typeof s === "number");
  return status === 429 || (status !== undefined && status >= 500 && status <= 599);
}

/** The seconds a page waits before it tries a refused request again. */
export const RETRY_AFTER_SECONDS = 2;
