import { z } from "zod";

/**
 * Every setting, parsed once from the environment. Deployed, SST sets these (secrets are loaded
 * into the environment by `loadSecrets` before first use); locally, scripts/local sets them.
 * `.env.example` documents each one.
 */
/** Optional secrets that a stage may set to "none" (SST secrets cannot be empty). */
function unlessNone<S extends z.ZodType>(schema: S) {
  return z.preprocess((v) => (typeof v === "string" && v.trim().toLowerCase() === "none" ? undefined : v), schema);
}

export const Settings = z.object({
  /** Unset for functions granted no table (GET /api/health, /api/config); `table()` then refuses. */
  TABLE_NAME: z.string().min(1).optional(),
  BUCKET_NAME: z.string().min(1).default("evidence"),
  DEFAULT_PETITION_ID: z.string().min(1).default("timeshare-reform"),
  /** Counter shards of the report and guide-request counts and of the analytics aggregates (never lower it). */
  COUNTER_SHARDS: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * Counter shards of a new petition (docs/architecture.md "Capacity"): each takes 2 write units per
   * signature, so N shards take N × 500 signatures/s. At most 99: they are created with the petition
   * in one transaction. Raising it later adds shards to existing petitions as signers reach them.
   */
  PETITION_COUNTER_SHARDS: z.coerce.number().int().min(1).max(99).default(32),
  SIGN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** Scam reports a client (IP) may submit per minute. */
  REPORT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(5),
  /** Free-guide form submissions a client (IP) may send per minute, over the four forms. */
  LEAD_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(5),
  /** Newsletter confirmation attempts (POST /api/newsletter/confirm) a client (IP) may make per minute. */
  NEWSLETTER_CONFIRM_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** Per IP: deletion requests, and the deletion link's look, download and erase. */
  PRIVACY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** Evidence uploads a client (IP) may ask for per minute (each is one presigned POST). */
  UPLOAD_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  /**
   * Analytics hits counted per network (the truncated IP: IPv4 /24, IPv6 /48) per minute; beyond it
   * the beacon's hits are dropped (204 all the same). Far above what the people behind one network
   * send by browsing (a page view per page), low enough that one machine cannot fill the table.
   */
  BEACON_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  /** Secret (deployed); "none" turns captcha off. */
  CAPTCHA_SECRET: unlessNone(z.string().min(1).optional()),
  CAPTCHA_SITE_KEY: z.string().optional(),
  CAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  CAPTCHA_VERIFY_URL: z.string().url().default("https://www.google.com/recaptcha/api/siteverify"),
  ADMIN_NOTIFY_RECIPIENTS: unlessNone(z.string().optional()).transform((v) => v ?? ""),
  MAIL_FROM: z.string().default("no-reply@localhost"),
  SITE_URL: z.string().default("http://localhost:3000"),
  MAIL_DRIVER: z.enum(["ses", "outbox"]).default("ses"),
  OUTBOX_DIR: z.string().default(".data/outbox"),
  /**
   * The local outbox plays SES's sending rate (e-mails a second; unset: no limit): past it in a second,
   * a send fails with SES's throttling error, as SES refuses it (mail/outbox-rate.ts). For the mail benchmarks.
   */
  SES_SIMULATED_RATE: z.coerce.number().int().min(1).max(100_000).optional(),
  /**
   * Faults injected at the ports the code already uses (faults/spec.ts spells them, docs/architecture.md
   * "Faults"): the local stack and `npm run bench:faults` only. Deployed, a stage that rehearses faults
   * names its parameter in FAULTS_PARAMETER instead, which an AWS FIS experiment sets for its duration.
   */
  FAULTS: z.string().optional(),
  /** The seed of the faults' draws: one value replays one run's faults. */
  FAULTS_SEED: z.coerce.number().int().default(1),
  /** A rehearsal stage's SSM parameter holding its FAULTS ("none" between experiments; stacks/Faults.ts). */
  FAULTS_PARAMETER: z.string().min(1).optional(),
  /** The SES configuration set every message is sent with (set by the stacks): its events fill the suppression list. */
  MAIL_CONFIGURATION_SET: z.string().min(1).optional(),
  /** The privacy link's configuration set (SES's account-level suppression off for it); unset: MAIL_CONFIGURATION_SET. */
  MAIL_PRIVACY_CONFIGURATION_SET: z.string().min(1).optional(),
  BUS_DRIVER: z.enum(["eventbridge", "local"]).default("eventbridge"),
  /**
   * Who scans evidence for malware: GuardDuty Malware Protection for S3 (deployed; it watches the
   * bucket itself) or the local stand-in (evidence/local-scanner.ts), which flags the EICAR test file.
   */
  MALWARE_SCAN_DRIVER: z.enum(["guardduty", "local"]).default("guardduty"),
  EVENT_BUS_NAME: z.string().default("default"),
  USER_POOL_ID: z.string().default(""),
  USER_POOL_CLIENT_ID: z.string().default(""),
  /** Only set locally: the Cognito endpoint the browser talks to (cognito-local). */
  USER_POOL_ENDPOINT: z.string().optional(),
  /**
   * Proves a request came through CloudFront (header `x-origin-verify`), which alone may tell the API
   * the viewer's IP and location. Deployed: generated per stage in Secrets Manager (stacks/Api.ts);
   * locally: generated by the local server when it starts. Unset: no viewer header is trusted.
   */
  ORIGIN_SECRET: z.string().min(16).optional(),
  /**
   * Deployed (set by the stacks on every route's function): a request without the origin secret is
   * refused with 403 before any work, so the API answers only through CloudFront. Unset locally,
   * where the local server is the only way in (and adds the secret anyway).
   */
  /**
   * Signs the links e-mailed to signers (withdraw a signature: signature/withdraw-link.ts), an
   * HMAC-SHA256 key of at least 32 characters. Deployed: an SST secret set per stage; locally
   * generated once per data directory (scripts/local/secrets.ts). Changing it voids every link sent.
   */
  LINK_SIGNING_SECRET: z.string().min(32, "LINK_SIGNING_SECRET must be at least 32 characters").optional(),
  /**
   * Keys the hash that names a person wherever it outlives their records (db/person-index.ts
   * `keptPersonHash`): the suppression list's entries, deletion requests and the audit trail. An
   * HMAC-SHA256 key of at least 32 characters. Deployed: an SST secret set per stage; locally
   * generated once per data directory (scripts/local/secrets.ts). Never change it on a stage: the
   * suppression list is keyed by it, so a new key loses every entry (those addresses would be mailed
   * again, SES's own list the only backstop), and earlier audit entries and requests no longer match.
   */
  AUDIT_HASH_KEY: z.string().min(32, "AUDIT_HASH_KEY must be at least 32 characters").optional(),
  REQUIRE_ORIGIN_SECRET: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => v === "true"),
  DYNAMODB_ENDPOINT: z.string().optional(),
  /** `npm run bench:capacity` only: a file that records every write this process sends (db/capacity-log.ts). */
  DYNAMODB_CAPACITY_LOG: z.string().optional(),
  /**
   * Longest one DynamoDB request may take before the SDK retries it. DynamoDB answers in
   * milliseconds (default 3000); DynamoDB Local on a small shared machine can take seconds under a
   * burst, so with DYNAMODB_ENDPOINT set the default is 30000.
   */
  DYNAMODB_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).optional(),
  S3_ENDPOINT: z.string().optional(),
  AWS_REGION: z.string().default("us-east-1"),
  /** Where "sync to sheet" writes: Google Sheets (deployed) or CSV files in SHEETS_DIR (local). */
  SHEETS_DRIVER: z.enum(["google", "local"]).default("google"),
  SHEETS_DIR: z.string().default(".data/sheets"),
  /** Secrets (deployed). "none" stands for unset: SST secrets cannot be empty. */
  GOOGLE_SHEETS_SPREADSHEET_ID: unlessNone(z.string().min(1).optional()),
  /** The service account's JSON key, as Google Cloud downloads it (client_email, private_key). */
  GOOGLE_SERVICE_ACCOUNT: unlessNone(z.string().min(1).optional()),
  GOOGLE_TOKEN_URL: z.string().url().default("https://oauth2.googleapis.com/token"),
  GOOGLE_SHEETS_API_URL: z.string().url().default("https://sheets.googleapis.com/v4"),
  /**
   * "true": every sync of a tab writes a new spreadsheet file in GOOGLE_SHEETS_FOLDER_ID (a folder of
   * a shared drive) and then permanently deletes the tab's previous file, whose version history goes
   * with it (security review N7; sheets/google-file.ts). "false" (the default): the tabs of
   * GOOGLE_SHEETS_SPREADSHEET_ID are rewritten in place, and that spreadsheet's version history
   * keeps what earlier versions showed, erased rows included (docs/architecture.md "Security").
   */
  SHEETS_FRESH_FILE_PER_SYNC: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  /** With SHEETS_FRESH_FILE_PER_SYNC: the Drive folder (of a shared drive) the files go in; "none" stands for unset. */
  GOOGLE_SHEETS_FOLDER_ID: unlessNone(z.string().min(1).optional()),
  /** The Drive API's base URL (tests point it at a fake on 127.0.0.1). */
  GOOGLE_DRIVE_API_URL: z.string().url().default("https://www.googleapis.com/drive/v3"),
  /**
   * The most index rows a filtered admin list page reads (collection/merge.ts): a filter that keeps
   * few rows answers a short page there, with a cursor going on from the last row read, instead of
   * reading the whole collection in one request (5,000 rows ≈ 1.2 MB, ~150 read units).
   */
  ADMIN_FILTER_MAX_READS: z.coerce.number().int().min(1).max(100_000).default(5000),
  /**
   * What one run of the outbox sweep (every minute) republishes at most, and how fast: an overload
   * that left events unacknowledged must not be fed a burst of republished ones. 6,000 a run at 200
   * a second is 2 % of EventBridge's default 10,000 PutEvents entries a second (docs/architecture.md
   * "Capacity"); what is over waits for the next run, oldest first in each partition.
   */
  OUTBOX_SWEEP_MAX_PER_RUN: z.coerce.number().int().min(1).max(1_000_000).default(6000),
  OUTBOX_SWEEP_RATE_PER_SECOND: z.coerce.number().int().min(1).max(10_000).default(200),
  /** How long the spreadsheet sync after a signature waits for more signatures to coalesce. */
  SHEETS_SYNC_DEBOUNCE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  /** Recipients one event of a newsletter (or petition update) send takes (mailing/batch.ts). */
  NEWSLETTER_BATCH_SIZE: z.coerce.number().int().min(1).max(1000).default(100),
  /**
   * The SES account's sending limits, shared by every sender (mail/budget.ts): its maximum send
   * rate (1 in the sandbox, 14 at first in production) and its 24-hour quota (50,000 at first).
   */
  MAIL_RATE_PER_SECOND: z.coerce.number().int().min(1).max(100_000).default(14),
  MAIL_DAILY_QUOTA: z.coerce.number().int().min(1).max(100_000_000).default(50_000),
  /** E-mails a second (and the same share of the day) only the privacy link may use. */
  MAIL_LINK_RESERVE_PER_SECOND: z.coerce.number().int().min(0).max(100_000).default(2),
  /** Of the rest, the share only signature confirmations may use: no other kind of mail (a stranger can cause) takes it. */
  MAIL_CONFIRMATION_RESERVE_SHARE: z.coerce.number().min(0).max(0.9).default(0.25),
  /** The share of the daily quota newsletter issues may use in a day (the rest of an issue waits for the next). */
  NEWSLETTER_DAILY_SHARE: z.coerce.number().min(0).max(1).default(0.5),
  /** Queued administrators' notices of one petition at once from which they become one digest. */
  ADMIN_NOTICE_DIGEST_THRESHOLD: z.coerce.number().int().min(1).max(100_000).default(10),
  /** How long a digest gathers signatures before it is sent. */
  ADMIN_NOTICE_DIGEST_SECONDS: z.coerce.number().int().min(0).max(86_400).default(600),
  /**
   * Notices of one kind (scam reports, guide requests) the administrators get one by one in a UTC
   * hour; the rest of the hour's come as one digest after it (mail/notice-digest.ts).
   */
  ADMIN_NOTICES_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
  /**
   * Records a delete-all (or a petition's deletion) removes per API call: 500 leave a call well inside
   * API Gateway's 29 s. Not set on the deployed functions; tests lower it to prove chunking on fewer rows.
   */
  DELETE_CHUNK: z.coerce.number().int().min(10).max(1000).default(500),
  /**
   * Visitor-addressed mail stops (mail/breaker.ts) at this bounce rate over the last day's outcomes
   * (SES reviews an account at 5 % and may pause it at 10 %)…
   */
  MAIL_BREAKER_BOUNCE_RATE: z.coerce.number().min(0).max(1).default(0.03),
  /** … or at this complaint rate (SES reviews at 0.1 %, may pause at 0.5 %) … */
  MAIL_BREAKER_COMPLAINT_RATE: z.coerce.number().min(0).max(1).default(0.0005),
  /** … once at least this many visitor e-mails have an outcome in that window (a handful proves nothing). */
  MAIL_BREAKER_MIN_SENDS: z.coerce.number().int().min(1).max(10_000_000).default(200),
  /** Visitor-addressed e-mails an hour to one domain outside the large providers before they are held (mail/domain-brake.ts). */
  MAIL_DOMAIN_ALLOWANCE_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000_000).default(20),
  /** Visitor-addressed e-mails an hour asked for from one network (IPv4 /24, IPv6 /48), to any domain, before they are held (mail/domain-brake.ts). */
  MAIL_NETWORK_ALLOWANCE_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000_000).default(100),
  /** Locally: the share of visitor mail to ordinary addresses the outbox plays as bounced (mail/simulator.ts); 0 plays none. */
  OUTBOX_SIMULATED_BOUNCE_RATE: z.coerce.number().min(0).max(1).default(0),
  /** A newsletter issue's send pauses itself at this bounce rate (SES reviews an account at 5 %). */
  NEWSLETTER_PAUSE_BOUNCE_RATE: z.coerce.number().min(0).max(1).default(0.05),
  /** … or at this complaint rate (SES reviews an account at 0.1 %). */
  NEWSLETTER_PAUSE_COMPLAINT_RATE: z.coerce.number().min(0).max(1).default(0.001),
});
export type Settings = z.output<typeof Settings>;

/** Every setting the server reads (`.env.example` documents each: a test compares them). */
export const SETTING_NAMES = Object.keys(Settings.shape) as (keyof Settings)[];

let cached: Settings | undefined;

export function settings(): Settings {
  if (!cached) {
    const blankless = Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== ""));
    cached = Settings.parse(blankless);
  }
  return cached;
}

/** For tests and the local server, which set the environment after modules load. */
export function resetSettings() {
  cached = undefined;
}

export const adminRecipients = () =>
  settings()
    .ADMIN_NOTIFY_RECIPIENTS.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
