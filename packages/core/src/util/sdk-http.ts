import { Agent as HttpAgent } from "node:http";
import { Agent as HttpsAgent } from "node:https";

export interface SdkTimeouts {
  /** Longest the TCP/TLS connect may take. */
  connectionTimeoutMs: number;
  /** Longest one request and its response may take; the SDK's retries then try again. */
  requestTimeoutMs: number;
  /** Sockets per agent: bursts of signers must not queue behind the SDK's default of 50. */
  maxSockets?: number;
}

/** DynamoDB answers in milliseconds; a stalled socket must fail fast so the SDK retries it. */
export const DYNAMODB_TIMEOUTS: SdkTimeouts = { connectionTimeoutMs: 1000, requestTimeoutMs: 3000, maxSockets: 256 };
/** SES, EventBridge and Cognito: slower calls, still well inside a 10 s function. */
export const SERVICE_TIMEOUTS: SdkTimeouts = { connectionTimeoutMs: 2000, requestTimeoutMs: 5000 };

/**
 * The request handler every AWS SDK client of ours is built with: keep-alive agents and timeouts.
 * Without a requestTimeout a half-open connection hangs until the Lambda's own timeout kills the
 * whole invocation; `throwOnRequestTimeout` makes the SDK fail (and retry) instead of only warning.
 */
export function sdkRequestHandler(t: SdkTimeouts) {
  const agent = { keepAlive: true, ...(t.maxSockets ? { maxSockets: t.maxSockets } : {}) };
  return {
    connectionTimeout: t.connectionTimeoutMs,
    requestTimeout: t.requestTimeoutMs,
    throwOnRequestTimeout: true,
    httpsAgent: new HttpsAgent(agent),
    httpAgent: new HttpAgent(agent),
  };
}
