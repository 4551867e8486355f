import { quotaValue, type QuotaId } from "./aws-quotas";
import { deploySettings } from "./deploy-settings";

/**
 * The whole account's capacity for one petition's signers (docs/architecture.md "Capacity"): what
 * one signature consumes of each resource, measured by `npm run bench:capacity` on a local run,
 * held against the AWS quotas (aws-quotas.ts) at their defaults and at the values a foundation
 * requests. Pure: the benchmark measures, this computes, the stacks tests and the docs read it.
 *
 * A ceiling is the signatures a second the resource allows: its quota ÷ what one signature uses
 * (for Lambda, the executions one signature a second keeps busy). The capacity is the lowest
 * ceiling among the resources on the counting path; mail that can wait (a share e-mail) is a
 * backlog, not a ceiling, unless the petition counts a signature only once its e-mailed link is
 * opened (`mailCounts`).
 */

export interface MeasuredFunction {
  /** the function (route handler, subscriber, stream consumer, schedule) */
  fn: string;
  /** invocations per signature */
  perSignature: number;
  /** mean measured duration of one invocation, ms */
  meanMs: number;
  /** configured memory, MB (GB-seconds) */
  memoryMb: number;
}

export interface Measured {
  /** write units per signature on the table itself (every item, transactions doubled) */
  tableWrites: number;
  /** write units per signature on each global index */
  indexWrites: Record<string, number>;
  /** read units per signature on the table and its indexes */
  reads: number;
  /** the busiest partition key, its write and read units per signature */
  hottest: { key: string; writes: number; reads: number };
  /**
   * Reads each signing process makes of a counter shard per second, whatever the rate (the count it
   * answers signers with, refreshed about once a second: Petition.countAfter): with N processes busy,
   * a shard takes N times this. Read units per second per process.
   */
  shardReadsPerProcessPerSecond: number;
  /** the signing function's mean duration, s: processes busy = rate × this */
  signSeconds: number;
  functions: MeasuredFunction[];
  /** EventBridge PutEvents requests and rule-target invocations per signature */
  putEvents: number;
  eventInvocations: number;
  /** API Gateway requests per signature (signing, confirming, reads that miss the edge) */
  apiRequests: number;
  /** CloudFront requests per signature (computed from the pages a signer loads, not measured) */
  edgeRequests: number;
  /** SES sends per signature */
  sesSends: number;
  /** the petition counts a signature once its e-mailed link is opened: SES is on the counting path */
  mailCounts: boolean;
}

export interface Row {
  resource: string;
  /** what one signature uses, with its unit */
  use: number;
  unit: string;
  /** signatures/s the resource allows at the default and at the requested quotas (Infinity: none used) */
  atDefault: number;
  atRequested: number;
  /** false: a backlog that drains later (queued mail), not a limit on signing */
  binding: boolean;
  note?: string;
}

const ceiling = (quotaPerSecond: number, usePerSignature: number) => (usePerSignature > 0 ? quotaPerSecond / usePerSignature : Infinity);

const both = (id: QuotaId, use: number) => ({ atDefault: ceiling(quotaValue(id, "default"), use), atRequested: ceiling(quotaValue(id, "requested"), use) });

/**
 * Warm throughput is ours to set, not a quota: at the default quotas the deploy's default setting
 * (deploy-settings.ts, AWS's own when off), at the requested ones the campaign's value (aws-quotas.ts,
 * docs/operations.md).
 */
const WARM_DEFAULTS = deploySettings("prod", {});
const warm = (id: "dynamodb-new-table-write" | "dynamodb-new-table-read" | "dynamodb-new-index-write", use: number) => {
  const deployed = {
    "dynamodb-new-table-write": WARM_DEFAULTS.TABLE_WARM_WRITE_UNITS,
    "dynamodb-new-table-read": WARM_DEFAULTS.TABLE_WARM_READ_UNITS,
    "dynamodb-new-index-write": WARM_DEFAULTS.INDEX_WARM_WRITE_UNITS,
  }[id];
  return { atDefault: ceiling(Math.max(quotaValue(id, "default"), deployed ?? 0), use), atRequested: ceiling(quotaValue(id, "requested"), use) };
};

/** Executions one signature a second keeps busy (Little's law): Σ invocations × duration. */
export const executionsPerSignature = (m: Measured) => m.functions.reduce((sum, f) => sum + (f.perSignature * f.meanMs) / 1000, 0);

/** Lambda invocations per signature, every function. */
export const invocationsPerSignature = (m: Measured) => m.functions.reduce((sum, f) => sum + f.perSignature, 0);

/** GB-seconds per signature (Lambda's bill). */
export const gbSecondsPerSignature = (m: Measured) => m.functions.reduce((sum, f) => sum + (f.perSignature * f.meanMs * f.memoryMb) / 1000 / 1024, 0);

/**
 * The busiest key's ceiling: a partition serves 1,000 write units or 3,000 read units a second, or
 * a mix (w ÷ 1,000 + r ÷ 3,000 ≤ 1). At R signatures a second its writes are R × writes, its reads
 * R × reads plus every busy signing process's count refresh (R × signSeconds processes).
 */
export function keyCeiling(m: Measured): number {
  const w = quotaValue("dynamodb-partition-write", "default");
  const r = quotaValue("dynamodb-partition-read", "default");
  const perRate = m.hottest.writes / w + (m.hottest.reads + m.signSeconds * m.shardReadsPerProcessPerSecond) / r;
  return perRate > 0 ? 1 / perRate : Infinity;
}

export function rows(m: Measured): Row[] {
  const [busiestIndex, busiestIndexUse] = Object.entries(m.indexWrites).sort((a, b) => b[1] - a[1])[0] ?? ["none", 0];
  const reads = m.reads + m.signSeconds * m.shardReadsPerProcessPerSecond;
  const executions = executionsPerSignature(m);
  const perKey = keyCeiling(m);
  const seconds = 86_400;
  return [
    { resource: "DynamoDB table writes", use: m.tableWrites, unit: "write units", ...both("dynamodb-table-write", m.tableWrites), binding: true },
    {
      resource: `DynamoDB index writes (busiest: ${busiestIndex})`,
      use: busiestIndexUse,
      unit: "write units",
      ...both("dynamodb-index-write", busiestIndexUse),
      binding: true,
    },
    {
      resource: "DynamoDB table writes before it has scaled (warm throughput)",
      use: m.tableWrites,
      unit: "write units",
      ...warm("dynamodb-new-table-write", m.tableWrites),
      binding: true,
    },
    {
      resource: `DynamoDB index writes before it has scaled (busiest: ${busiestIndex}, warm throughput)`,
      use: busiestIndexUse,
      unit: "write units",
      ...warm("dynamodb-new-index-write", busiestIndexUse),
      binding: true,
    },
    {
      resource: "DynamoDB table reads before it has scaled (warm throughput)",
      use: reads,
      unit: "read units",
      ...warm("dynamodb-new-table-read", reads),
      binding: true,
    },
    {
      resource: "DynamoDB table reads",
      use: reads,
      unit: "read units",
      ...both("dynamodb-table-read", reads),
      binding: true,
      note: "with every busy signing process's count refresh",
    },
    {
      resource: `DynamoDB busiest key (${m.hottest.key})`,
      use: m.hottest.writes,
      unit: `write units (+ ${m.hottest.reads.toFixed(3)} read units)`,
      atDefault: perKey,
      atRequested: perKey,
      binding: true,
      note: "1,000 write or 3,000 read units a second per partition, not adjustable",
    },
    {
      resource: "Lambda concurrent executions",
      use: executions,
      unit: "executions per signature/s",
      ...both("lambda-concurrency", executions),
      binding: true,
      note: "measured durations on this machine; deployed, the captcha check adds its call to signing",
    },
    { resource: "EventBridge PutEvents", use: m.putEvents, unit: "requests", ...both("eventbridge-put-events", m.putEvents), binding: true },
    {
      resource: "EventBridge target invocations",
      use: m.eventInvocations,
      unit: "invocations",
      ...both("eventbridge-invocations", m.eventInvocations),
      binding: true,
    },
    { resource: "API Gateway requests", use: m.apiRequests, unit: "requests", ...both("apigateway-account-rate", m.apiRequests), binding: true },
    {
      resource: "CloudFront requests",
      use: m.edgeRequests,
      unit: "requests (computed)",
      ...both("cloudfront-requests", m.edgeRequests),
      binding: true,
      note: "computed from the pages a signer loads and polls, not measured",
    },
    {
      resource: "SES sending rate",
      use: m.sesSends,
      unit: "e-mails",
      ...both("ses-send-rate", m.sesSends),
      binding: m.mailCounts,
      note: m.mailCounts ? "a signature counts once its link is opened" : "queued: a backlog that drains later, not a limit on signing",
    },
    {
      resource: "SES e-mails per 24 hours (as a rate over a day)",
      use: m.sesSends,
      unit: "e-mails",
      atDefault: ceiling(quotaValue("ses-daily-quota", "default") / seconds, m.sesSends),
      atRequested: ceiling(quotaValue("ses-daily-quota", "requested") / seconds, m.sesSends),
      binding: m.mailCounts,
      note: "binds a campaign that lasts the day",
    },
  ];
}

export interface Capacity {
  signaturesPerSecond: number;
  binding: string;
}

/** The lowest ceiling among the binding rows, and its resource. */
export function capacity(all: readonly Row[], at: "default" | "requested"): Capacity {
  const pick = (r: Row) => (at === "default" ? r.atDefault : r.atRequested);
  const lowest = all.filter((r) => r.binding).sort((a, b) => pick(a) - pick(b))[0];
  return lowest ? { signaturesPerSecond: Math.floor(pick(lowest)), binding: lowest.resource } : { signaturesPerSecond: Infinity, binding: "none" };
}
