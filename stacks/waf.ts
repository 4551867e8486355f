import type { Stack } from "aws-cdk-lib";
import { CfnWebACL } from "aws-cdk-lib/aws-wafv2";
import { deploySettings } from "./deploy-settings";

/** The window the limit counts over. */
export const WAF_WINDOW_SECONDS = 300;

/** The deploy-time setting `WAF_RATE_LIMIT` (stacks/deploy-settings.ts), validated with the others. */
export function wafRateLimit(value = process.env.WAF_RATE_LIMIT): number | undefined {
  return deploySettings("any", { WAF_RATE_LIMIT: value }).WAF_RATE_LIMIT;
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
