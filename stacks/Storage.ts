import { Duration } from "aws-cdk-lib";
import { EventBus as CdkEventBus } from "aws-cdk-lib/aws-events";
import { CfnConfigurationSet, ConfigurationSet, EmailSendingEvent, EventDestination, SuppressionReasons } from "aws-cdk-lib/aws-ses";
import { Bucket, Config, Table, type StackContext } from "sst/constructs";
import { TABLE_INDEXES } from "../packages/core/src/db/indexes";
import { SECRET_NAMES } from "../packages/functions/src/needs";
import { deploySettings } from "./deploy-settings";

/** Secrets are set per stage with `npx sst secrets set NAME value --stage <stage>`; routes declare which they need. */
export { SECRET_NAMES };

export function Storage({ stack, app }: StackContext) {
  const deploy = deploySettings(app.stage);
  // warm throughput: what the table and its indexes serve at once, before on-demand scaling has seen a surge (deploy-settings.ts)
  const tableWarm =
    deploy.TABLE_WARM_WRITE_UNITS || deploy.TABLE_WARM_READ_UNITS
      ? { writeUnitsPerSecond: deploy.TABLE_WARM_WRITE_UNITS, readUnitsPerSecond: deploy.TABLE_WARM_READ_UNITS }
      : undefined;
  const indexWarm = deploy.INDEX_WARM_WRITE_UNITS ? { writeUnitsPerSecond: deploy.INDEX_WARM_WRITE_UNITS } : undefined;
  const table = new Table(stack, "Table", {
    fields: {
      pk: "string",
      sk: "string",
      ...Object.fromEntries(TABLE_INDEXES.flatMap((i) => [i.pk, i.sk]).map((name) => [name, "string" as const])),
    },
    primaryIndex: { partitionKey: "pk", sortKey: "sk" },
    // packages/core/src/db/indexes.ts: gsi1–gsi3, and the admin lists' sort orders byO1–byO6
    globalIndexes: Object.fromEntries(
      TABLE_INDEXES.map((i) => [
        i.name,
        {
          partitionKey: i.pk,
          sortKey: i.sk,
          projection: typeof i.projection === "string" ? (i.projection.toLowerCase() as "all" | "keys_only") : [...i.projection],
          ...(indexWarm ? { cdk: { index: { warmThroughput: indexWarm } } } : {}),
        },
      ]),
    ),
    timeToLiveAttribute: "expiresAt",
    // the change stream: its consumers do the side effects of signatures a batch at a time (Events stack, packages/functions/src/streams.ts)
    stream: "new_and_old_images",
    cdk: {
      table: {
        pointInTimeRecovery: true,
        deletionProtection: app.stage === "prod",
        ...(tableWarm ? { warmThroughput: tableWarm } : {}),
      },
    },
  });

  // Evidence files are private: the API hands out short-lived presigned URLs, never public ones.
  const bucket = new Bucket(stack, "Evidence", {
    blockPublicACLs: true,
    // Lets the browser POST a file with a presigned policy; CORS grants no access by itself.
    cors: [{ allowedMethods: ["POST"], allowedOrigins: ["*"], allowedHeaders: ["*"], exposedHeaders: ["ETag"] }],
    cdk: {
      bucket: {
        publicReadAccess: false,
        enforceSSL: true,
        // Uploads no report claimed (claimed ones move to reports/, packages/core/src/evidence/keys.ts).
        // Export files (packages/core/src/exports) are fetched through a five-minute link right after their job.
        // A person's large download (packages/core/src/privacy/download.ts) likewise, through its link; an
        // erasure deletes the person's folder at once, and a day later nothing of it outlives its link.
        lifecycleRules: [
          { id: "expire-unclaimed-uploads", prefix: "uploads/", expiration: Duration.days(1) },
          { id: "expire-exports", prefix: "exports/", expiration: Duration.days(1), abortIncompleteMultipartUploadAfter: Duration.days(1) },
          { id: "expire-privacy-downloads", prefix: "privacy-downloads/", expiration: Duration.days(1) },
        ],
      },
    },
  });

  const secrets = Object.values(Config.Secret.create(stack, ...SECRET_NAMES));

  // Every e-mail is sent with this configuration set: SES reports its bounces,
  // complaints, deliveries and rejects to the account's default bus (the only bus SES can target),
  // where the mail-feedback subscriber keeps our suppression list. SES's own suppression list
  // (bounces and complaints) stays on for this configuration set as the backstop.
  const mailConfigurationSet = new ConfigurationSet(stack, "Mail", {
    suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    reputationMetrics: true,
  });
  const accountBus = CdkEventBus.fromEventBusName(stack, "AccountDefaultBus", "default");
  const feedback = {
    destination: EventDestination.eventBus(accountBus),
    events: [EmailSendingEvent.BOUNCE, EmailSendingEvent.COMPLAINT, EmailSendingEvent.DELIVERY, EmailSendingEvent.REJECT],
  };
  mailConfigurationSet.addEventDestination("Feedback", feedback);

  // The privacy link alone goes with this one: no SES account-level suppression (an empty list of
  // reasons turns it off for the set), so a person whose address once complained (perhaps at a
  // stranger's sign-up under it) can still reach /my-data. Its events fill the same feedback.
  const privacyMailConfigurationSet = new ConfigurationSet(stack, "PrivacyMail", { reputationMetrics: true });
  (privacyMailConfigurationSet.node.defaultChild as CfnConfigurationSet).addPropertyOverride("SuppressionOptions.SuppressedReasons", []);
  privacyMailConfigurationSet.addEventDestination("Feedback", feedback);

  return { table, bucket, secrets, mailConfigurationSet, privacyMailConfigurationSet };
}
