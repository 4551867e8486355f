import { z } from "zod";

/**
 * Deploy-time settings of the protective limits, read from the environment of `npm run deploy`
 * (all optional). A bad value stops the deploy with the setting's name.
 */
const count = (fallback: number) => z.coerce.number().int().min(1).default(fallback);
/** A number, or "off" (undefined): for what an account's quota may not allow. */
const countOrOff = (fallback: number | "off", min = 1) =>
  z
    .union([z.literal("off"), z.coerce.number().int().min(min)])
    .default(fallback)
    .transform((v) => (v === "off" ? undefined : v));

/**
 * Clients at the busiest per-client limit that each public write route's bucket lets through at
 * once (API_PUBLIC_WRITE_THROTTLE_RATE): one client filling it alone would have to send as many.
 */
export const PUBLIC_WRITE_FAIR_CLIENTS = 3_000;

/** The FIS Lambda extension's layer for the functions' architecture (arm_64, sst.config.ts), as AWS publishes it. */
const FIS_LAYER_ARN = /^arn:aws[a-z-]*:lambda:[a-z0-9-]+:\d{12}:layer:aws-fis-extension-arm64:\d+$/;
const FIS_LAYER_ARN_PATTERN = "arn:aws:lambda:<region>:<AWS's account>:layer:aws-fis-extension-arm64:<version>";

/**
 * The defaults are sized for a viral petition: 10,000 signatures a second on one petition
 * (docs/architecture.md "Capacity", "Deploy defaults", where each figure's arithmetic is). API
 * Gateway's account quota (10,000 requests/s, burst 5,000) and Lambda's (often 1,000 concurrent)
 * must be raised to match before a campaign; `npm run deploy` does not do that.
 */
const Schema = z.object({
  /** Requests per second (steady, and burst) over the whole HTTP API stage: signing + beacon + the rest. */
  API_THROTTLE_RATE: count(12_000),
  API_THROTTLE_BURST: count(6_000),
  /** Signing (the route a viral petition floods), per second: the per-petition goal. */
  API_SIGN_THROTTLE_RATE: count(10_000),
  API_SIGN_THROTTLE_BURST: count(5_000),
  /**
   * Reserved (and maximum) concurrency of the signing function: 10,000 signatures/s × ~60 ms each at
   * 1,024 MB ≈ 600 in flight. "off" reserves none (accounts with a small concurrency quota).
   */
  SIGN_RESERVED_CONCURRENCY: countOrOff(600),
  /** Memory of the signing function, MB: Lambda's CPU grows with it, so 1,024 MB signs faster than 512. */
  SIGN_MEMORY_MB: z.coerce.number().int().min(128).max(10_240).default(1024),
  /**
   * Each other public write route's own bucket (reports, guides, privacy, confirmation, newsletter),
   * per second. API Gateway spends it before the function refuses a request that did not come
   * through CloudFront, and its host is public, so it is sized for no one client to fill it
   * (security review N2): 1,000/s lets PUBLIC_WRITE_FAIR_CLIENTS (3,000) clients at the busiest
   * per-client limit (uploads, 20 a minute) through at once; the per-client windows behind it (an
   * IPv4 address, an IPv6 /64 and /48) share it fairly (docs/architecture.md "Security").
   */
  API_PUBLIC_WRITE_THROTTLE_RATE: count(1000),
  API_PUBLIC_WRITE_THROTTLE_BURST: count(2000),
  /** The analytics beacon's route (a viral day is ~1,000 hits/s: docs/architecture.md, "Analytics"). */
  API_BEACON_THROTTLE_RATE: count(1000),
  API_BEACON_THROTTLE_BURST: count(2000),
  /**
   * Reserved (and maximum) concurrency of each public write function, so a flood of signers cannot
   * take the account's whole Lambda concurrency from the admin functions and subscribers. "off"
   * leaves them unreserved: needed on accounts whose concurrency quota is too low to reserve any
   * (Lambda keeps at least 100 unreserved; new accounts may have a quota of 10).
   */
  PUBLIC_WRITE_RESERVED_CONCURRENCY: z
    .union([z.literal("off"), z.coerce.number().int().min(1)])
    .default(10)
    .transform((v) => (v === "off" ? undefined : v)),
  /**
   * The same for each quiet public form (a route marked `quiet`: withdrawals, privacy requests, a
   * report's status, a company's correction): few visitors use them, so a smaller cap keeps the
   * reservations' sum inside the quota as forms are added.
   */
  PUBLIC_QUIET_RESERVED_CONCURRENCY: z
    .union([z.literal("off"), z.coerce.number().int().min(1)])
    .default(3)
    .transform((v) => (v === "off" ? undefined : v)),
  /**
   * The account's Lambda concurrency quota in the deploy region (1,000 unless AWS raised it). The
   * stack refuses to synthesize when the reservations above would leave Lambda fewer than 100
   * unreserved executions, or LAMBDA_SURGE_ROOM if more (stacks/concurrency.ts); at the defaults they total
   * 600 + 10 per busy public form + 3 per quiet one (696 with 6 busy and 12 quiet forms).
   */
  LAMBDA_CONCURRENCY_QUOTA: count(1000),
  /**
   * Executions the reservations must leave to every function without one, during a surge: the
   * table's stream consumer (one per stream shard, about one per 1,000 write units a second), the
   * subscribers, the mail drainer, the scheduled jobs and the console. At the defaults 600 + 6 × 10 + 12 × 3
   * = 696 reserved of 1,000 leave 304, above the 250 asked (docs/architecture.md "Deploy defaults");
   * Lambda itself requires 100.
   */
  LAMBDA_SURGE_ROOM: count(250),
  /**
   * Warm throughput of the table (write and read units a second it serves at once, before on-demand
   * scaling has seen the traffic; a new on-demand table serves about 4,000 and 12,000). 40,000 each
   * by default, the default table-level quota: the day a petition spreads, the table takes about
   * 3,300 signatures a second from the first one (docs/architecture.md "Capacity"). AWS bills
   * raising it once. "off": AWS's own. A campaign raises it with the table quota (docs/operations.md).
   */
  TABLE_WARM_WRITE_UNITS: countOrOff(40_000, 4_000),
  TABLE_WARM_READ_UNITS: countOrOff(40_000, 12_000),
  /**
   * Warm write throughput of each global index: "off" by default (a new index serves about 4,000
   * write units a second, the busiest index takes about one per signature); a campaign sets it with
   * the table's (docs/operations.md).
   */
  INDEX_WARM_WRITE_UNITS: countOrOff("off", 4_000),
  /** Administrators' TOTP MFA: "required" (default on prod) or "optional" (default elsewhere). Never SMS. */
  ADMIN_MFA: z.enum(["required", "optional"]).optional(),
  /** Where the dead-letter alarm e-mails (an SNS e-mail subscription, confirmed by its recipient). */
  ALARM_EMAIL: z.email().optional(),
  /**
   * Requests per 5 minutes per IP across the whole site, enforced by a WAF rate rule on the
   * distribution (AWS WAF accepts 10 to 2e9): on by default, so one client cannot take a route's
   * throttle from everyone. 5,000 per 5 minutes is ~17 requests/s from one address, room for a
   * school or office behind one NAT; a signer's page makes one request per 10 s. Cached files
   * (`/assets/`, `/share-images/`, `/favicon.svg`) are not counted: a first visit's twenty-odd files
   * would otherwise let ~200 visitors behind one address block the rest (review M2). "off": no WAF.
   */
  WAF_RATE_LIMIT: z
    .union([z.literal("off"), z.coerce.number().int().min(10).max(2_000_000_000)])
    .default(5_000)
    .transform((v) => (v === "off" ? undefined : v)),
  /**
   * Form posts per 5 minutes per IP (POST to /api/*, the console's and the beacon's excepted), a
   * second WAF rule beside WAF_RATE_LIMIT: 300 is one a second, above every in-app per-client limit
   * (signing 10 a minute is 50), so it refuses at the edge, for free, what the function would refuse
   * after the route's bucket paid for it. Off with WAF_RATE_LIMIT=off.
   */
  WAF_WRITE_RATE_LIMIT: z.coerce.number().int().min(10).max(2_000_000_000).default(300),
  /**
   * The site's public address (https://owners.example.org): canonical URLs and share cards in the
   * web build, links in e-mails. Required to deploy (`siteUrl()`).
   */
  SITE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The foundation's online payment page, where /donation.html sends donors; unset: "not open yet". */
  DONATION_URL: z.url({ protocol: /^https$/ }).optional(),
  /**
   * "on" for a staging stage that rehearses faults with AWS FIS (stacks/Faults.ts, docs/architecture.md
   * "Faults", "Rehearsing deployed"): the functions read their FAULTS from a parameter an experiment
   * sets, the busy public forms carry the FIS Lambda extension. "off" or unset (the default, and prod's
   * always): none of it.
   */
  FAULT_REHEARSALS: z.enum(["on", "off"]).optional(),
  /**
   * The AWS FIS Lambda extension's arm64 layer in the deploy region, which AWS publishes per region
   * (`aws ssm get-parameter --name /aws/service/fis/lambda-extension/AWS-FIS-extension-arm64/1.x.x`).
   * Required with FAULT_REHEARSALS=on: pinned here, a version AWS publishes later changes nothing
   * until someone sets it.
   */
  FIS_LAMBDA_EXTENSION_LAYER_ARN: z.string().regex(FIS_LAYER_ARN, `expected ${FIS_LAYER_ARN_PATTERN}`).optional(),
});

export type DeploySettings = Omit<z.output<typeof Schema>, "ADMIN_MFA"> & { ADMIN_MFA: "required" | "optional" };

/** SITE_URL's origin, or a clear error: a deploy cannot link to itself without it. */
export function siteUrl(env: NodeJS.ProcessEnv = process.env): string {
  const { SITE_URL } = deploySettings("any", env);
  if (!SITE_URL) {
    throw new Error("SITE_URL is required to deploy: the site's public address, e.g. SITE_URL=https://owners.example.org npm run deploy");
  }
  return new URL(SITE_URL).origin;
}

export function deploySettings(stage: string, env: NodeJS.ProcessEnv = process.env): DeploySettings {
  const names = Object.keys(Schema.shape);
  const given = Object.fromEntries(names.filter((n) => env[n] !== undefined && env[n] !== "").map((n) => [n, env[n]]));
  const parsed = Schema.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message} (got "${env[String(i.path[0])]}")`);
    throw new Error(`Invalid deploy setting: ${problems.join("; ")}`);
  }
  if (parsed.data.FAULT_REHEARSALS === "on" && stage === "prod") {
    throw new Error("Invalid deploy setting: FAULT_REHEARSALS=on is for a staging stage, never prod (its experiments fail real visitors' requests)");
  }
  if (parsed.data.FAULT_REHEARSALS === "on" && !parsed.data.FIS_LAMBDA_EXTENSION_LAYER_ARN) {
    throw new Error(
      `Invalid deploy setting: FIS_LAMBDA_EXTENSION_LAYER_ARN is required with FAULT_REHEARSALS=on: ${FIS_LAYER_ARN_PATTERN}, the deploy region's (aws ssm get-parameter --name /aws/service/fis/lambda-extension/AWS-FIS-extension-arm64/1.x.x)`,
    );
  }
  return { ...parsed.data, ADMIN_MFA: parsed.data.ADMIN_MFA ?? (stage === "prod" ? "required" : "optional") };
}
