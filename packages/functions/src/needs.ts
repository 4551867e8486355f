/**
 * What a route or subscriber needs to run. The stacks grant exactly this to its Lambda (IAM
 * actions, bound secrets, environment) and nothing else; a synth test compares the two. Declare
 * it from what the handler and the core functions it calls really do.
 */

/** SST secrets, set per stage with `npx sst secrets set NAME value --stage <stage>`. */
export const SECRET_NAMES = [
  "CAPTCHA_SECRET",
  "ADMIN_NOTIFY_RECIPIENTS",
  "MAIL_FROM",
  // Google Sheets sync: the service account's JSON key and the spreadsheet id ("none" turns it off).
  "GOOGLE_SERVICE_ACCOUNT",
  "GOOGLE_SHEETS_SPREADSHEET_ID",
  // Signs the links e-mailed to signers (withdraw a signature): 32+ random characters.
  "LINK_SIGNING_SECRET",
  // Keys the hash naming a person wherever it outlives their records (db/person-index.ts `keptPersonHash`:
  // the suppression list, deletion requests, the audit trail): 32+ random characters, never changed.
  "AUDIT_HASH_KEY",
] as const;
export type SecretName = (typeof SECRET_NAMES)[number];

/**
 * Plain (non-secret) settings a handler reads. Settings that come with a resource (TABLE_NAME and
 * COUNTER_SHARDS with `table`, EVENT_BUS_NAME with `bus`, ...) need not be listed.
 */
export const SETTING_NAMES = [
  "DEFAULT_PETITION_ID",
  "SIGN_RATE_LIMIT_PER_MINUTE",
  "REPORT_RATE_LIMIT_PER_MINUTE",
  "LEAD_RATE_LIMIT_PER_MINUTE",
  "NEWSLETTER_CONFIRM_RATE_LIMIT_PER_MINUTE",
  "PRIVACY_RATE_LIMIT_PER_MINUTE",
  /** The newsletter's sending: recipients per batch event (its pace is the mail budget's, which comes with `mail`). */
  "NEWSLETTER_BATCH_SIZE",
  /** SES's review thresholds, at which a newsletter issue's send pauses itself. */
  "NEWSLETTER_PAUSE_BOUNCE_RATE",
  "NEWSLETTER_PAUSE_COMPLAINT_RATE",
  /** The feedback breaker (core/mail/breaker.ts): the rates at which visitor-addressed mail stops, and the sends they need. */
  "MAIL_BREAKER_BOUNCE_RATE",
  "MAIL_BREAKER_COMPLAINT_RATE",
  "MAIL_BREAKER_MIN_SENDS",
  /** The domain brake (core/mail/domain-brake.ts): visitor e-mails an hour to one domain before they wait for an administrator. */
  "MAIL_DOMAIN_ALLOWANCE_PER_HOUR",
  /** … and from one network (an IPv4 /24 or IPv6 /48), to any domain. */
  "MAIL_NETWORK_ALLOWANCE_PER_HOUR",
  /** When the paced mail queue turns administrators' notices into digests. */
  "ADMIN_NOTICE_DIGEST_THRESHOLD",
  "ADMIN_NOTICE_DIGEST_SECONDS",
  /** Report and guide-request notices an hour one by one, before the hour's digest (core/mail/notice-digest.ts). */
  "ADMIN_NOTICES_PER_HOUR",
  "UPLOAD_RATE_LIMIT_PER_MINUTE",
  /** Analytics hits counted per network and minute (the beacon). */
  "BEACON_RATE_LIMIT_PER_MINUTE",
  "CAPTCHA_MIN_SCORE",
  "CAPTCHA_SITE_KEY",
  "SHEETS_DRIVER",
  /** A fresh spreadsheet file per sync in a shared drive's folder, the previous one deleted (core/sheets/google-file.ts; review N7). */
  "SHEETS_FRESH_FILE_PER_SYNC",
  "GOOGLE_SHEETS_FOLDER_ID",
  /** The site's public address (links in e-mails, petition share cards): a deploy setting. */
  "SITE_URL",
] as const;
export type SettingName = (typeof SETTING_NAMES)[number];

/**
 * What a spreadsheet sync needs (core/sheets), wherever it runs: the service account's key, the
 * spreadsheet it rewrites in place or, with SHEETS_FRESH_FILE_PER_SYNC, the shared drive's folder a
 * fresh file per sync goes in, and the tab's sync item (lock, markers, current file) in the table.
 */
export const SHEET_SYNC_NEEDS: Needs = {
  table: "write",
  secrets: ["GOOGLE_SERVICE_ACCOUNT", "GOOGLE_SHEETS_SPREADSHEET_ID"],
  settings: ["SHEETS_DRIVER", "SHEETS_FRESH_FILE_PER_SYNC", "GOOGLE_SHEETS_FOLDER_ID"],
};

/**
 * What finishing a person's erasure needs, wherever it runs (the confirm route, or the privacy-erasure
 * subscriber for a large or crashed one): every kind's deletion (evidence files too), the
 * suppression list when they ask for mail again, the completion e-mail, the audit's keyed hash.
 */
export const ERASURE_NEEDS: Needs = {
  table: "write",
  bucket: "write",
  bus: true,
  mail: true,
  liftsSuppressions: true,
  secrets: ["MAIL_FROM", "AUDIT_HASH_KEY"],
  settings: ["SITE_URL"],
};

export interface Needs {
  /** "read": GetItem, BatchGetItem, Query; "write" adds PutItem, UpdateItem, DeleteItem, BatchWriteItem, ConditionCheckItem. */
  table?: "read" | "write";
  /**
   * The evidence bucket: "read" GetObject, "write" adds PutObject, DeleteObject and ListBucket;
   * "sweep" only ListBucket and DeleteObject (a cleaner that never reads or writes a file).
   */
  bucket?: "read" | "write" | "sweep";
  /** Publishes to the event bus. */
  bus?: true;
  /**
   * Sends e-mail through SES. Every send asks the suppression list and takes its slot of the
   * account's sending budget (a table write), so it comes with `table: "write"`; the budget's
   * settings (MAIL_RATE_PER_SECOND, …) come with it, and AUDIT_HASH_KEY (`secretsOf`): the list is
   * keyed by the person's kept hash.
   */
  mail?: true;
  /**
   * Acts on SES's events for this stage's configuration set only: its name (MAIL_CONFIGURATION_SET),
   * no right to send. It writes the suppression list, so AUDIT_HASH_KEY comes with it (`secretsOf`).
   */
  mailFeedback?: true;
  /**
   * Lifts a person's suppression at their own request, from SES's account-level list too
   * (ses:DeleteSuppressedDestination, an action SES grants on no narrower resource than "*").
   */
  liftsSuppressions?: true;
  /** "ids": the user pool and web client ids, no rights; "read" adds AdminGetUser (an admin's e-mail). */
  userPool?: "ids" | "read";
  secrets?: SecretName[];
  settings?: SettingName[];
  /**
   * Reads who and where the visitor is (client IP, location): gets the stage's origin secret, so
   * CloudFront's viewer headers are believed (packages/core/src/request/metadata.ts). Without it a
   * handler sees only the connection's address.
   */
  viewer?: true;
}

/**
 * The secrets a declaration binds: its own, and AUDIT_HASH_KEY with `mail` or `mailFeedback`. Every
 * send asks the suppression list and every SES event on it writes it, and the list is keyed by the
 * person's kept hash (db/person-index.ts `keptPersonHash`, an HMAC with that key), so no sender or
 * feedback handler declares it by hand. Other readers of the list (a person's /my-data, the
 * newsletter's consents, the console's searches) declare it.
 */
export function secretsOf(needs: Needs): SecretName[] {
  const keyed: SecretName[] = needs.mail || needs.mailFeedback ? ["AUDIT_HASH_KEY"] : [];
  return [...new Set([...(needs.secrets ?? []), ...keyed])];
}
