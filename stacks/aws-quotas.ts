/**
 * The AWS quotas a viral petition meets, in one place: each with the default a new account has in
 * us-east-1 (where the Web stack must be: its WAF is CloudFront's), the value a foundation asks AWS
 * for before a campaign, whether AWS adjusts it, and the documentation that says so. Read by
 * `npm run bench:capacity` (the ceilings it prints), the stacks tests (the deploy settings sized
 * from it) and `docs/operations.md`'s pre-campaign checklist (generated from it by
 * `npm run docs:operations`, so it cannot drift). Pure data: no CDK here.
 *
 * A requested value is one AWS grants on request through the Service Quotas console (or, for SES,
 * the SES console's sending-limit case): never above what AWS documents as adjustable, and sized by
 * the capacity model with room to spare, not guessed.
 */

export type QuotaId =
  | "dynamodb-table-write"
  | "dynamodb-table-read"
  | "dynamodb-index-write"
  | "dynamodb-new-table-write"
  | "dynamodb-new-table-read"
  | "dynamodb-new-index-write"
  | "dynamodb-partition-write"
  | "dynamodb-partition-read"
  | "lambda-concurrency"
  | "lambda-scaling"
  | "eventbridge-put-events"
  | "eventbridge-invocations"
  | "apigateway-account-rate"
  | "apigateway-account-burst"
  | "cloudfront-requests"
  | "ses-send-rate"
  | "ses-daily-quota";

export interface Quota {
  id: QuotaId;
  /** What it limits, as the capacity table's row names it. */
  resource: string;
  unit: string;
  /** A new account's value in us-east-1. */
  default: number;
  /** What a foundation sets or asks for before a campaign (equal to `default` when it cannot be changed). */
  requested: number;
  /** Whether AWS raises it on request. Not adjustable: `requested` is `default`. */
  adjustable: boolean;
  /** How the requested value is obtained: a Service Quotas request, an SES case, or a deploy setting of ours. */
  how: string;
  /** Where to ask (console page), when it is a request to AWS. */
  where?: string;
  /** How long AWS usually takes, as its documentation or console says. */
  lead?: string;
  source: string;
}

const DYNAMODB_QUOTAS = "https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/ServiceQuotas.html";
const SERVICE_QUOTAS_CONSOLE = "Service Quotas console → AWS services";

export const AWS_QUOTAS: readonly Quota[] = [
  {
    id: "dynamodb-table-write",
    resource: "DynamoDB table writes (on-demand, table-level)",
    unit: "write units/s",
    default: 40_000,
    requested: 200_000,
    adjustable: true,
    how: "Service Quotas request: Amazon DynamoDB → Table-level write throughput limit",
    where: `${SERVICE_QUOTAS_CONSOLE} → Amazon DynamoDB → "Table-level write throughput limit"`,
    lead: "usually approved within a few days; larger raises go to a support case",
    source: "https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/on-demand-capacity-mode-max-throughput.html",
  },
  {
    id: "dynamodb-table-read",
    resource: "DynamoDB table reads (on-demand, table-level)",
    unit: "read units/s",
    default: 40_000,
    requested: 200_000,
    adjustable: true,
    how: "Service Quotas request: Amazon DynamoDB → Table-level read throughput limit",
    where: `${SERVICE_QUOTAS_CONSOLE} → Amazon DynamoDB → "Table-level read throughput limit"`,
    lead: "usually approved within a few days",
    source: DYNAMODB_QUOTAS,
  },
  {
    id: "dynamodb-index-write",
    resource: "DynamoDB writes to one global index (the table-level quota applies to each index)",
    unit: "write units/s",
    default: 40_000,
    requested: 200_000,
    adjustable: true,
    how: "the same Service Quotas request as the table's (the table-level quota covers each of its indexes)",
    source: DYNAMODB_QUOTAS,
  },
  {
    id: "dynamodb-new-table-write",
    resource: "DynamoDB writes a new on-demand table serves before it has scaled (warm throughput)",
    unit: "write units/s",
    default: 4_000,
    requested: 200_000,
    adjustable: true,
    how: "deploy setting TABLE_WARM_WRITE_UNITS (the deploy sets 40,000 by default; at most the table-level quota), set at least a day before",
    source: "https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/warm-throughput.html",
  },
  {
    id: "dynamodb-new-table-read",
    resource: "DynamoDB reads a new on-demand table serves before it has scaled (warm throughput)",
    unit: "read units/s",
    default: 12_000,
    requested: 100_000,
    adjustable: true,
    how: "deploy setting TABLE_WARM_READ_UNITS (the deploy sets 40,000 by default), set at least a day before",
    source: "https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/warm-throughput.html",
  },
  {
    id: "dynamodb-new-index-write",
    resource: "DynamoDB writes a new global index serves before it has scaled (warm throughput)",
    unit: "write units/s",
    default: 4_000,
    requested: 20_000,
    adjustable: true,
    how: "deploy setting INDEX_WARM_WRITE_UNITS (off by default: AWS's own), set at least a day before",
    source: "https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/warm-throughput.html",
  },
  {
    id: "dynamodb-partition-write",
    resource: "DynamoDB writes to one partition key",
    unit: "write units/s",
    default: 1_000,
    requested: 1_000,
    adjustable: false,
    how: "not adjustable: spread by design (counter shards, buckets)",
    source: "https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-partition-key-design.html",
  },
  {
    id: "dynamodb-partition-read",
    resource: "DynamoDB reads of one partition key",
    unit: "read units/s",
    default: 3_000,
    requested: 3_000,
    adjustable: false,
    how: "not adjustable: a partition serves 3,000 read units or 1,000 write units a second, or a mix of both",
    source: "https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-partition-key-design.html",
  },
  {
    id: "lambda-concurrency",
    resource: "Lambda concurrent executions (account, region)",
    unit: "executions",
    default: 1_000,
    requested: 10_000,
    adjustable: true,
    how: "Service Quotas request: AWS Lambda → Concurrent executions; then deploy with LAMBDA_CONCURRENCY_QUOTA set to it",
    where: `${SERVICE_QUOTAS_CONSOLE} → AWS Lambda → "Concurrent executions"`,
    lead: "hours to a few days",
    source: "https://docs.aws.amazon.com/lambda/latest/dg/gettingstarted-limits.html",
  },
  {
    id: "lambda-scaling",
    resource: "Lambda scaling rate (per function)",
    unit: "new executions per 10 s",
    default: 1_000,
    requested: 1_000,
    adjustable: false,
    how: "not adjustable: a ramp to N concurrent executions takes N ÷ 100 seconds",
    source: "https://docs.aws.amazon.com/lambda/latest/dg/scaling-behavior.html",
  },
  {
    id: "eventbridge-put-events",
    resource: "EventBridge PutEvents (account, region)",
    unit: "requests/s",
    default: 10_000,
    requested: 20_000,
    adjustable: true,
    how: "Service Quotas request: Amazon EventBridge → PutEvents throttle limit in transactions per second",
    where: `${SERVICE_QUOTAS_CONSOLE} → Amazon EventBridge (CloudWatch Events) → "PutEvents throttle limit in transactions per second"`,
    lead: "a few days",
    source: "https://docs.aws.amazon.com/eventbridge/latest/userguide/eb-quota.html",
  },
  {
    id: "eventbridge-invocations",
    resource: "EventBridge rule target invocations (account, region)",
    unit: "invocations/s",
    default: 18_750,
    requested: 37_500,
    adjustable: true,
    how: "Service Quotas request: Amazon EventBridge → Invocations throttle limit in transactions per second",
    where: `${SERVICE_QUOTAS_CONSOLE} → Amazon EventBridge (CloudWatch Events) → "Invocations throttle limit in transactions per second"`,
    lead: "a few days",
    source: "https://docs.aws.amazon.com/eventbridge/latest/userguide/eb-quota.html",
  },
  {
    id: "apigateway-account-rate",
    resource: "API Gateway requests (account, region, every API)",
    unit: "requests/s",
    default: 10_000,
    requested: 25_000,
    adjustable: true,
    how: "Service Quotas request: Amazon API Gateway → Throttle rate; then deploy with API_THROTTLE_RATE to match",
    where: `${SERVICE_QUOTAS_CONSOLE} → Amazon API Gateway → "Throttle rate"`,
    lead: "a few days",
    source: "https://docs.aws.amazon.com/apigateway/latest/developerguide/limits.html",
  },
  {
    id: "apigateway-account-burst",
    resource: "API Gateway burst (account, region)",
    unit: "requests",
    default: 5_000,
    requested: 12_500,
    adjustable: true,
    how: "asked with the throttle rate (AWS raises the burst with it)",
    source: "https://docs.aws.amazon.com/apigateway/latest/developerguide/limits.html",
  },
  {
    id: "cloudfront-requests",
    resource: "CloudFront requests per distribution",
    unit: "requests/s",
    default: 250_000,
    requested: 500_000,
    adjustable: true,
    how: "Service Quotas request: Amazon CloudFront → Request rate per distribution",
    where: `${SERVICE_QUOTAS_CONSOLE} → Amazon CloudFront → "Request rate per distribution"`,
    lead: "a few days to two weeks",
    source: "https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/cloudfront-limits.html",
  },
  {
    id: "ses-send-rate",
    resource: "SES sending rate (account, region)",
    unit: "e-mails/s",
    default: 14,
    requested: 1_000,
    adjustable: true,
    how: "SES sending-limit increase case; then deploy with MAIL_RATE_PER_SECOND set to it",
    where: "SES console → Account dashboard → Request a sending quota increase",
    lead: "about a day per case; AWS grants raises by sending history, so ask weeks ahead and step up",
    source: "https://docs.aws.amazon.com/ses/latest/dg/manage-sending-quotas.html",
  },
  {
    id: "ses-daily-quota",
    resource: "SES e-mails per 24 hours (account, region)",
    unit: "e-mails/day",
    default: 50_000,
    requested: 10_000_000,
    adjustable: true,
    how: "asked with the sending rate; then deploy with MAIL_DAILY_QUOTA set to it",
    where: "SES console → Account dashboard → Request a sending quota increase",
    lead: "about a day per case; granted by sending history",
    source: "https://docs.aws.amazon.com/ses/latest/dg/manage-sending-quotas.html",
  },
];

export function quota(id: QuotaId): Quota {
  const found = AWS_QUOTAS.find((q) => q.id === id);
  if (!found) throw new Error(`no quota ${id}`);
  return found;
}

/** A quota's value at the defaults or at the requested values. */
export const quotaValue = (id: QuotaId, at: "default" | "requested") => quota(id)[at];
