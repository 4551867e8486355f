import type { Stack } from "aws-cdk-lib";
import { CfnWebACL } from "aws-cdk-lib/aws-wafv2";

/** AWS WAF's bounds for a rate-based rule's limit (requests per evaluation window per IP). */
export const WAF_RATE_LIMIT_MIN = 10;
export const WAF_RATE_LIMIT_MAX = 2_000_000_000;
/** The window the limit counts over. */
export const WAF_WINDOW_SECONDS = 300;

/**
 * The deploy-time setting `WAF_RATE_LIMIT`: requests per 5 minutes per IP across the whole site
 * (pages and API). Unset or empty leaves the WAF off (a web ACL costs a monthly fee).
 */
export function wafRateLimit(value = process.env.WAF_RATE_LIMIT): number | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < WAF_RATE_LIMIT_MIN || limit > WAF_RATE_LIMIT_MAX) {
    throw new Error(
      `WAF_RATE_LIMIT must be a whole number of requests per 5 minutes per IP between ${WAF_RATE_LIMIT_MIN} and ${WAF_RATE_LIMIT_MAX}, or unset; got "${value}"`,
    );
  }
  return limit;
}

/**
 * A web ACL for the CloudFront distribution that answers 429 to an IP over `limit` requests in 5
 * minutes. CloudFront's web ACLs live in us-east-1, so the stack must be deployed there.
 */
export function rateLimitWebAcl(stack: Stack, limit: number): CfnWebACL {
  if (stack.region !== "us-east-1") {
    throw new Error(`WAF_RATE_LIMIT needs the Web stack in us-east-1 (CloudFront web ACLs live there); this stage deploys to ${stack.region}`);
  }
  const visibility = (metricName: string) => ({ cloudWatchMetricsEnabled: true, metricName, sampledRequestsEnabled: true });
  return new CfnWebACL(stack, "WebAcl", {
    scope: "CLOUDFRONT",
    defaultAction: { allow: {} },
    visibilityConfig: visibility(`${stack.stackName}-site`),
    rules: [
      {
        name: "rate-per-ip",
        priority: 0,
        action: { block: { customResponse: { responseCode: 429 } } },
        statement: { rateBasedStatement: { limit, aggregateKeyType: "IP", evaluationWindowSec: WAF_WINDOW_SECONDS } },
        visibilityConfig: visibility(`${stack.stackName}-rate-per-ip`),
      },
    ],
  });
}
