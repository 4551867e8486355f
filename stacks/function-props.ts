import { Stack } from "aws-cdk-lib";
import { PolicyStatement } from "aws-cdk-lib/aws-iam";
import type { ISecret } from "aws-cdk-lib/aws-secretsmanager";
import type { IConfigurationSet } from "aws-cdk-lib/aws-ses";
import type { Bucket, Cognito, Config, EventBus, FunctionProps, Table } from "sst/constructs";
import { secretsOf, type Needs, type SettingName } from "../packages/functions/src/needs";
import { siteUrl } from "./deploy-settings";
import { faultsParameterProps } from "./fault-switch";

export interface FunctionDeps {
  table: Table;
  bucket: Bucket;
  bus: EventBus;
  auth: Cognito;
  secrets: Config.Secret[];
  /** The SES configuration set every e-mail is sent with (its events fill the suppression list). */
  mailConfigurationSet: IConfigurationSet;
  /** The privacy link's configuration set: the same feedback, without SES's account-level suppression. */
  privacyMailConfigurationSet: IConfigurationSet;
  /** The Api stack's origin secret, for routes that declare `viewer`. */
  originSecret?: ISecret;
}

/** Overridable at deploy time: `DEFAULT_PETITION_ID=... npm run deploy`. */
export const defaultPetitionId = () => process.env.DEFAULT_PETITION_ID || "timeshare-reform";

/** The public reCAPTCHA site key, served to the browser by GET /api/config; unset turns captcha off. */
const captchaSiteKey = () => process.env.CAPTCHA_SITE_KEY ?? "";

/**
 * A fresh spreadsheet file per sync (security review N7, packages/core/src/sheets/google-file.ts) and
 * the shared drive's folder the files go in, deploy settings:
 * `SHEETS_FRESH_FILE_PER_SYNC=true GOOGLE_SHEETS_FOLDER_ID=<folder id> npm run deploy`. Off by default:
 * it needs a shared drive set up first (README, "Deploying"). A bad value, or "true" without a folder,
 * stops the deploy.
 */
export function sheetsFileSettings(env: NodeJS.ProcessEnv = process.env) {
  const fresh = env.SHEETS_FRESH_FILE_PER_SYNC || "false";
  if (fresh !== "true" && fresh !== "false") throw new Error(`Invalid deploy setting: SHEETS_FRESH_FILE_PER_SYNC: "true" or "false" (got "${fresh}")`);
  const folder = env.GOOGLE_SHEETS_FOLDER_ID || "none";
  if (fresh === "true" && folder === "none") {
    throw new Error("Invalid deploy setting: SHEETS_FRESH_FILE_PER_SYNC=true needs GOOGLE_SHEETS_FOLDER_ID, the shared drive's folder the files go in");
  }
  return { SHEETS_FRESH_FILE_PER_SYNC: fresh, GOOGLE_SHEETS_FOLDER_ID: folder };
}

const settingValues = (): Record<SettingName, string> => ({
  DEFAULT_PETITION_ID: defaultPetitionId(),
  SIGN_RATE_LIMIT_PER_MINUTE: "10",
  REPORT_RATE_LIMIT_PER_MINUTE: "5",
  LEAD_RATE_LIMIT_PER_MINUTE: "5",
  NEWSLETTER_CONFIRM_RATE_LIMIT_PER_MINUTE: "10",
  PRIVACY_RATE_LIMIT_PER_MINUTE: "10",
  NEWSLETTER_BATCH_SIZE: "100",
  NEWSLETTER_PAUSE_BOUNCE_RATE: "0.05",
  NEWSLETTER_PAUSE_COMPLAINT_RATE: "0.001",
  MAIL_BREAKER_BOUNCE_RATE: "0.03",
  MAIL_BREAKER_COMPLAINT_RATE: "0.0005",
  MAIL_BREAKER_MIN_SENDS: "200",
  MAIL_DOMAIN_ALLOWANCE_PER_HOUR: "20",
  MAIL_NETWORK_ALLOWANCE_PER_HOUR: "100",
  ADMIN_NOTICE_DIGEST_THRESHOLD: "10",
  ADMIN_NOTICE_DIGEST_SECONDS: "600",
  ADMIN_NOTICES_PER_HOUR: "20",
  UPLOAD_RATE_LIMIT_PER_MINUTE: "20",
  BEACON_RATE_LIMIT_PER_MINUTE: "300",
  CAPTCHA_MIN_SCORE: "0.5",
  CAPTCHA_SITE_KEY: captchaSiteKey(),
  SHEETS_DRIVER: "google",
  get SHEETS_FRESH_FILE_PER_SYNC() {
    return sheetsFileSettings().SHEETS_FRESH_FILE_PER_SYNC;
  },
  get GOOGLE_SHEETS_FOLDER_ID() {
    return sheetsFileSettings().GOOGLE_SHEETS_FOLDER_ID;
  },
  get SITE_URL() {
    return siteUrl();
  },
});

export const TABLE_ACTIONS = {
  read: ["dynamodb:GetItem", "dynamodb:BatchGetItem", "dynamodb:Query"],
  write: [
    "dynamodb:GetItem",
    "dynamodb:BatchGetItem",
    "dynamodb:Query",
    "dynamodb:PutItem",
    "dynamodb:UpdateItem",
    "dynamodb:DeleteItem",
    "dynamodb:BatchWriteItem",
    "dynamodb:ConditionCheckItem",
  ],
} as const;
export const BUCKET_ACTIONS = {
  read: ["s3:GetObject"],
  // an export's multipart upload is PutObject; one that fails is aborted
  write: ["s3:GetObject", "s3:PutObject", "s3:DeleteObject", "s3:AbortMultipartUpload"],
  sweep: ["s3:DeleteObject"],
} as const;
/**
 * On the bucket itself, with "write" or "sweep": listing a report's files to delete them, and telling a
 * missing upload (404) from a forbidden one (S3 answers 403 for a missing key to whoever cannot list).
 */
export const BUCKET_LIST_ACTIONS = ["s3:ListBucket"] as const;
export const BUS_ACTIONS = ["events:PutEvents"] as const;
export const MAIL_ACTIONS = ["ses:SendEmail"] as const;
/** SES's account-level suppression list has no resource of its own: "*" is the only resource these actions take. */
export const SUPPRESSION_LIFT_ACTIONS = ["ses:DeleteSuppressedDestination"] as const;

/**
 * The SES account's limits, which every function that sends shares (packages/core/src/mail/budget.ts):
 * its rate (1/s in the sandbox, 14/s at first in production) and daily quota, as SES's console shows
 * them: `MAIL_RATE_PER_SECOND=... MAIL_DAILY_QUOTA=... npm run deploy` after SES raises them.
 */
export const mailBudgetSettings = () => ({
  MAIL_RATE_PER_SECOND: process.env.MAIL_RATE_PER_SECOND || "14",
  MAIL_DAILY_QUOTA: process.env.MAIL_DAILY_QUOTA || "50000",
  MAIL_LINK_RESERVE_PER_SECOND: process.env.MAIL_LINK_RESERVE_PER_SECOND || "2",
  MAIL_CONFIRMATION_RESERVE_SHARE: process.env.MAIL_CONFIRMATION_RESERVE_SHARE || "0.25",
  NEWSLETTER_DAILY_SHARE: process.env.NEWSLETTER_DAILY_SHARE || "0.5",
});
export const USER_POOL_READ_ACTIONS = ["cognito-idp:AdminGetUser"] as const;

/**
 * Turns what a route or subscriber declares it needs into its function props: IAM statements on
 * exactly those resources, only the declared secrets bound, and only the settings it reads.
 */
export function functionProps(
  needs: Needs,
  { table, bucket, bus, auth, secrets, mailConfigurationSet, privacyMailConfigurationSet, originSecret }: FunctionDeps,
): FunctionProps {
  const environment: Record<string, string> = {};
  const permissions: PolicyStatement[] = [];

  if (needs.table) {
    Object.assign(environment, { TABLE_NAME: table.tableName, COUNTER_SHARDS: "10" });
    permissions.push(new PolicyStatement({ actions: [...TABLE_ACTIONS[needs.table]], resources: [table.tableArn, `${table.tableArn}/index/*`] }));
  }
  if (needs.bucket) {
    environment.BUCKET_NAME = bucket.bucketName;
    permissions.push(new PolicyStatement({ actions: [...BUCKET_ACTIONS[needs.bucket]], resources: [`${bucket.bucketArn}/*`] }));
    if (needs.bucket !== "read") permissions.push(new PolicyStatement({ actions: [...BUCKET_LIST_ACTIONS], resources: [bucket.bucketArn] }));
  }
  if (needs.bus) {
    Object.assign(environment, { EVENT_BUS_NAME: bus.eventBusName, BUS_DRIVER: "eventbridge" });
    permissions.push(new PolicyStatement({ actions: [...BUS_ACTIONS], resources: [bus.eventBusArn] }));
  }
  if (needs.mail) {
    Object.assign(environment, {
      MAIL_DRIVER: "ses",
      MAIL_CONFIGURATION_SET: mailConfigurationSet.configurationSetName,
      MAIL_PRIVACY_CONFIGURATION_SET: privacyMailConfigurationSet.configurationSetName,
      ...mailBudgetSettings(),
    });
    // The sender (MAIL_FROM) is a secret, so any verified identity of this account and region; SES
    // also authorises the configuration set a message names.
    const identities = Stack.of(table).formatArn({ service: "ses", resource: "identity", resourceName: "*" });
    const configurationSets = [mailConfigurationSet, privacyMailConfigurationSet].map((set) =>
      Stack.of(table).formatArn({ service: "ses", resource: "configuration-set", resourceName: set.configurationSetName }),
    );
    permissions.push(new PolicyStatement({ actions: [...MAIL_ACTIONS], resources: [identities, ...configurationSets] }));
  }
  if (needs.mailFeedback) {
    environment.MAIL_CONFIGURATION_SET = mailConfigurationSet.configurationSetName;
    environment.MAIL_PRIVACY_CONFIGURATION_SET = privacyMailConfigurationSet.configurationSetName;
  }
  if (needs.liftsSuppressions) permissions.push(new PolicyStatement({ actions: [...SUPPRESSION_LIFT_ACTIONS], resources: ["*"] }));
  if (needs.userPool) {
    Object.assign(environment, { USER_POOL_ID: auth.userPoolId, USER_POOL_CLIENT_ID: auth.userPoolClientId });
    if (needs.userPool === "read") {
      // The audit trail names the administrator by e-mail, looked up in this user pool only.
      permissions.push(new PolicyStatement({ actions: [...USER_POOL_READ_ACTIONS], resources: [auth.cdk.userPool.userPoolArn] }));
    }
  }
  if (needs.viewer && !originSecret) throw new Error("`viewer` is declared outside the Api stack, which alone has the origin secret");
  if (originSecret) {
    // Every route's function: it refuses, before any work, a request without the secret CloudFront
    // adds (REQUIRE_ORIGIN_SECRET), and believes viewer headers only next to it. A dynamic
    // reference, resolved by CloudFormation at deploy time: the value is never in the template.
    environment.ORIGIN_SECRET = originSecret.secretValue.unsafeUnwrap();
    environment.REQUIRE_ORIGIN_SECRET = "true";
  }
  const values = settingValues();
  for (const name of needs.settings ?? []) environment[name] = values[name];
  // On a stage that rehearses faults, every function reads its FAULTS from the stage's parameter (fault-switch.ts).
  const faults = faultsParameterProps(table);
  if (faults) {
    Object.assign(environment, faults.environment);
    permissions.push(faults.permission);
  }

  // the declared secrets, and AUDIT_HASH_KEY with mail or its feedback (the suppression list's keyed hash)
  const bind = secretsOf(needs).map((name) => {
    const secret = secrets.find((s) => s.name === name);
    if (!secret) throw new Error(`Secret ${name} is declared in a route's needs but not created by the Storage stack`);
    return secret;
  });

  return { environment, bind, permissions };
}
