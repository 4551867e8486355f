import { Duration, Stack } from "aws-cdk-lib";
import { RetentionDays } from "aws-cdk-lib/aws-logs";
import { BlockPublicAccess, BucketEncryption, Bucket as CdkBucket, ObjectOwnership } from "aws-cdk-lib/aws-s3";
import { S3_SERVER_ACCESS_LOGS_USE_BUCKET_POLICY } from "aws-cdk-lib/cx-api";
import { Construct } from "constructs";
import { EventBus as CdkEventBus } from "aws-cdk-lib/aws-events";
import { CfnMalwareProtectionPlan } from "aws-cdk-lib/aws-guardduty";
import { AnyPrincipal, Effect, PolicyDocument, PolicyStatement, Role, ServicePrincipal } from "aws-cdk-lib/aws-iam";
import { CfnConfigurationSet, ConfigurationSet, EmailSendingEvent, EventDestination, SuppressionReasons } from "aws-cdk-lib/aws-ses";
import { Bucket, Config, Table, type StackContext } from "sst/constructs";
import { TABLE_INDEXES } from "../packages/core/src/db/indexes";
import { SECRET_NAMES } from "../packages/functions/src/needs";
import { SCANNED_PREFIXES, SCAN_STATUS_TAG, THREATS_FOUND } from "../packages/core/src/evidence/scan-events";
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
  const accessLogs = evidenceAccessLogs(stack);
  const bucket = new Bucket(stack, "Evidence", {
    blockPublicACLs: true,
    // Lets the browser POST a file with a presigned policy; CORS grants no access by itself.
    cors: [{ allowedMethods: ["POST"], allowedOrigins: ["*"], allowedHeaders: ["*"], exposedHeaders: ["ETag"] }],
    cdk: {
      bucket: {
        publicReadAccess: false,
        enforceSSL: true,
        // who used each file's link, when and from which address (evidenceAccessLogs below)
        serverAccessLogsBucket: accessLogs,
        serverAccessLogsPrefix: "evidence/",
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

  const { malwareScanRole, malwareProtectionPlan } = scanEvidenceForMalware(stack, bucket);

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

  return { table, bucket, secrets, mailConfigurationSet, privacyMailConfigurationSet, malwareScanRole, malwareProtectionPlan };
}

/**
 * The evidence bucket's S3 server access log: each request for a file (a presigned upload, a signed
 * download) with its time, the requester's IP address and the key, as evidence of who used a link.
 * Kept one month, like the API's access log and the functions' logs (docs/architecture.md
 * "Security model"). S3 delivers it under the bucket's policy (CDK's
 * `serverAccessLogsUseBucketPolicy`, set for this scope only), so ACLs stay off here as on every
 * bucket of the app.
 */
function evidenceAccessLogs(stack: Stack) {
  const scope = new Construct(stack, "EvidenceAccessLogs");
  scope.node.setContext(S3_SERVER_ACCESS_LOGS_USE_BUCKET_POLICY, true);
  return new CdkBucket(scope, "Bucket", {
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
    encryption: BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    lifecycleRules: [{ id: "expire-access-logs", expiration: Duration.days(RetentionDays.ONE_MONTH) }],
  });
}

/** The service GuardDuty's Malware Protection for S3 assumes the plan's role as. */
export const MALWARE_PROTECTION_PRINCIPAL = "malware-protection-plan.guardduty.amazonaws.com";
/** The EventBridge rule GuardDuty makes (and manages) to hear of the bucket's new objects. */
const GUARDDUTY_MANAGED_RULES = "DO-NOT-DELETE-AmazonGuardDutyMalwareProtectionS3*";

/**
 * GuardDuty Malware Protection for S3 on the evidence bucket (issue 39, N11): every object that lands
 * under `reports/` (a report's claimed file) is scanned, tagged `GuardDutyMalwareScanStatus` with the
 * result, and the result goes to the account's default bus, where the evidence-scan-result subscriber
 * records it on the report. Quarantine in place: the bucket policy refuses every read of an object
 * tagged THREATS_FOUND (to every principal but the scanner's own role), so even a link signed before
 * the verdict, or a role that may read the bucket, gets 403; the file stays where it is, dies with its
 * report, and the console shows it quarantined. No function's role may tag objects (no need grants
 * s3:PutObjectTagging: stacks/test/malware-scan.test.ts), so the tag is GuardDuty's word.
 */
function scanEvidenceForMalware(stack: Stack, bucket: Bucket) {
  const bucketArn = bucket.bucketArn;
  const rules = Stack.of(stack).formatArn({ service: "events", resource: "rule", resourceName: GUARDDUTY_MANAGED_RULES });
  // The role's policy as GuardDuty documents it ("Create or update IAM role policy"); the bucket is
  // encrypted with S3's own keys, so no KMS statement.
  const malwareScanRole = new Role(stack, "EvidenceMalwareScanRole", {
    assumedBy: new ServicePrincipal(MALWARE_PROTECTION_PRINCIPAL),
    description: "GuardDuty Malware Protection for S3: scans and tags the evidence bucket's report files",
    inlinePolicies: {
      MalwareProtection: new PolicyDocument({
        statements: [
          new PolicyStatement({
            sid: "AllowManagedRuleToSendS3EventsToGuardDuty",
            actions: ["events:PutRule", "events:DeleteRule", "events:PutTargets", "events:RemoveTargets"],
            resources: [rules],
            conditions: { StringLike: { "events:ManagedBy": MALWARE_PROTECTION_PRINCIPAL } },
          }),
          new PolicyStatement({
            sid: "AllowGuardDutyToMonitorEventBridgeManagedRule",
            actions: ["events:DescribeRule", "events:ListTargetsByRule"],
            resources: [rules],
          }),
          new PolicyStatement({
            sid: "AllowPostScanTag",
            actions: ["s3:PutObjectTagging", "s3:GetObjectTagging", "s3:PutObjectVersionTagging", "s3:GetObjectVersionTagging"],
            resources: [`${bucketArn}/*`],
          }),
          new PolicyStatement({
            sid: "AllowEnableS3EventBridgeEvents",
            actions: ["s3:PutBucketNotification", "s3:GetBucketNotification"],
            resources: [bucketArn],
          }),
          new PolicyStatement({
            sid: "AllowPutValidationObject",
            actions: ["s3:PutObject"],
            resources: [`${bucketArn}/malware-protection-resource-validation-object`],
          }),
          new PolicyStatement({ sid: "AllowCheckBucketOwnership", actions: ["s3:ListBucket"], resources: [bucketArn] }),
          new PolicyStatement({ sid: "AllowMalwareScan", actions: ["s3:GetObject", "s3:GetObjectVersion"], resources: [`${bucketArn}/*`] }),
        ],
      }),
    },
  });

  const malwareProtectionPlan = new CfnMalwareProtectionPlan(stack, "EvidenceMalwareProtection", {
    role: malwareScanRole.roleArn,
    protectedResource: { s3Bucket: { bucketName: bucket.bucketName, objectPrefixes: [...SCANNED_PREFIXES] } },
    // the GuardDutyMalwareScanStatus tag on each scanned object, which the policy below reads
    actions: { tagging: { status: "ENABLED" } },
  });
  malwareProtectionPlan.node.addDependency(malwareScanRole);

  bucket.cdk.bucket.addToResourcePolicy(
    new PolicyStatement({
      sid: "DenyReadingQuarantinedEvidence",
      effect: Effect.DENY,
      principals: [new AnyPrincipal()],
      actions: ["s3:GetObject", "s3:GetObjectVersion"],
      resources: SCANNED_PREFIXES.map((prefix) => `${bucketArn}/${prefix}*`),
      conditions: {
        StringEquals: { [`s3:ExistingObjectTag/${SCAN_STATUS_TAG}`]: THREATS_FOUND },
        ArnNotEquals: { "aws:PrincipalArn": malwareScanRole.roleArn },
      },
    }),
  );
  return { malwareScanRole, malwareProtectionPlan };
}
