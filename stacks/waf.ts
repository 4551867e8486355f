import type { Stack } from "aws-cdk-lib";
import { CfnWebACL } from "aws-cdk-lib/aws-wafv2";
import { deploySettings } from "./deploy-settings";

/** The window the limits count over. */
export const WAF_WINDOW_SECONDS = 300;

/** Files CloudFront serves from its cache, which no rule counts (a first visit fetches twenty-odd). */
export const UNCOUNTED_PATH_PREFIXES = ["/assets/", "/share-images/", "/favicon.svg"];

/** Posts the form rule leaves to others: the console's (signed-in administrators) and the analytics beacon (its own limits). */
export const FORM_RULE_EXCEPTIONS = ["/api/admin/", "/api/events"];

/** The deploy-time setting `WAF_RATE_LIMIT` (stacks/deploy-settings.ts), validated with the others. */
export function wafRateLimit(value = process.env.WAF_RATE_LIMIT): number | undefined {
  return deploySettings("any", { WAF_RATE_LIMIT: value }).WAF_RATE_LIMIT;
}

const startsWith = (prefix: string) => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint: "STARTS_WITH",
    searchString: prefix,
    textTransformations: [{ priority: 0, type: "NONE" }],
  },
});
const anyOf = (statements: object[]) => (statements.length === 1 ? statements[0] : { orStatement: { statements } });
const post = {
  byteMatchStatement: {
    fieldToMatch: { method: {} },
    positionalConstraint: "EXACTLY",
    searchString: "POST",
    textTransformations: [{ priority: 0, type: "NONE" }],
  },
};

/**
 * A web ACL for the CloudFront distribution with two rate rules per IP over 5 minutes, each
 * answering 429: every request but the cached files (`limit`), and the public form posts
 * (WAF_WRITE_RATE_LIMIT). CloudFront's web ACLs live in us-east-1, so the stack must be deployed there.
 */
export function rateLimitWebAcl(stack: Stack, limit: number, writeLimit = deploySettings("any").WAF_WRITE_RATE_LIMIT): CfnWebACL {
  if (stack.region !== "us-east-1") {
    throw new Error(`WAF_RATE_LIMIT needs the Web stack in us-east-1 (CloudFront web ACLs live there); this stage deploys to ${stack.region}`);
  }
  const visibility = (metricName: string) => ({ cloudWatchMetricsEnabled: true, metricName, sampledRequestsEnabled: true });
  const block = { block: { customResponse: { responseCode: 429 } } };
  return new CfnWebACL(stack, "WebAcl", {
    scope: "CLOUDFRONT",
    defaultAction: { allow: {} },
    visibilityConfig: visibility(`${stack.stackName}-site`),
    rules: [
      {
        name: "rate-per-ip",
        priority: 0,
        action: block,
        statement: {
          rateBasedStatement: {
            limit,
            aggregateKeyType: "IP",
            evaluationWindowSec: WAF_WINDOW_SECONDS,
            scopeDownStatement: { notStatement: { statement: anyOf(UNCOUNTED_PATH_PREFIXES.map(startsWith)) } },
          },
        },
        visibilityConfig: visibility(`${stack.stackName}-rate-per-ip`),
      },
      {
        name: "form-posts-per-ip",
        priority: 1,
        action: block,
        statement: {
          rateBasedStatement: {
            limit: writeLimit,
            aggregateKeyType: "IP",
            evaluationWindowSec: WAF_WINDOW_SECONDS,
            scopeDownStatement: {
              andStatement: {
                statements: [post, startsWith("/api/"), { notStatement: { statement: anyOf(FORM_RULE_EXCEPTIONS.map(startsWith)) } }],
              },
            },
          },
        },
        visibilityConfig: visibility(`${stack.stackName}-form-posts-per-ip`),
      },
    ],
  });
}
