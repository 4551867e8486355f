import { PolicyStatement } from "aws-cdk-lib/aws-iam";
import type { Bucket, Cognito, Config, EventBus, FunctionProps, Table } from "sst/constructs";

export interface FunctionDeps {
  table: Table;
  bucket: Bucket;
  bus: EventBus;
  auth: Cognito;
  secrets: Config.Secret[];
}

/** Overridable at deploy time: `DEFAULT_PETITION_ID=... npm run deploy`. */
export const defaultPetitionId = () => process.env.DEFAULT_PETITION_ID || "timeshare-reform";

/** The public reCAPTCHA site key, served to the browser by GET /api/config; unset turns captcha off. */
const captchaSiteKey = () => process.env.CAPTCHA_SITE_KEY ?? "";

/** What every API handler and event subscriber gets: the same settings, resources and secrets. */
export function functionProps({ table, bucket, bus, auth, secrets }: FunctionDeps): FunctionProps {
  return {
    environment: {
      TABLE_NAME: table.tableName,
      BUCKET_NAME: bucket.bucketName,
      EVENT_BUS_NAME: bus.eventBusName,
      USER_POOL_ID: auth.userPoolId,
      USER_POOL_CLIENT_ID: auth.userPoolClientId,
      DEFAULT_PETITION_ID: defaultPetitionId(),
      COUNTER_SHARDS: "10",
      SIGN_RATE_LIMIT_PER_MINUTE: "10",
      CAPTCHA_MIN_SCORE: "0.5",
      CAPTCHA_SITE_KEY: captchaSiteKey(),
      MAIL_DRIVER: "ses",
      BUS_DRIVER: "eventbridge",
      SHEETS_DRIVER: "google",
    },
    bind: [table, bucket, bus, ...secrets],
    permissions: [
      new PolicyStatement({ actions: ["events:PutEvents"], resources: [bus.eventBusArn] }),
      new PolicyStatement({ actions: ["ses:SendEmail", "ses:SendRawEmail"], resources: ["*"] }),
      // The audit trail names the administrator by e-mail, looked up in the user pool.
      new PolicyStatement({ actions: ["cognito-idp:AdminGetUser"], resources: [auth.cdk.userPool.userPoolArn] }),
    ],
  };
}
