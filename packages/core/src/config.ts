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

const Settings = z.object({
  TABLE_NAME: z.string().min(1),
  BUCKET_NAME: z.string().min(1).default("evidence"),
  DEFAULT_PETITION_ID: z.string().min(1).default("timeshare-reform"),
  COUNTER_SHARDS: z.coerce.number().int().min(1).max(100).default(10),
  SIGN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
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
  BUS_DRIVER: z.enum(["eventbridge", "local"]).default("eventbridge"),
  EVENT_BUS_NAME: z.string().default("default"),
  USER_POOL_ID: z.string().default(""),
  USER_POOL_CLIENT_ID: z.string().default(""),
  /** Only set locally: the Cognito endpoint the browser talks to (cognito-local). */
  USER_POOL_ENDPOINT: z.string().optional(),
  DYNAMODB_ENDPOINT: z.string().optional(),
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
  /** How long the spreadsheet sync after a signature waits for more signatures to coalesce. */
  SHEETS_SYNC_DEBOUNCE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
});
export type Settings = z.output<typeof Settings>;

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
