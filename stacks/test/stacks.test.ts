import { fileURLToPath } from "node:url";
import { Match, type Template } from "aws-cdk-lib/assertions";
import { use } from "sst/constructs";
import { beforeAll, describe, expect, it } from "vitest";
import { routeKey, routes } from "../../packages/functions/src/routes";
import type { Needs } from "../../packages/functions/src/needs";
import { EVENT_SOURCE, detailTypesOf, sourceOf, subscribers } from "../../packages/functions/src/subscribers";
import { FEEDBACK_DETAIL_TYPES, SES_SOURCE } from "../../packages/core/src/mail/ses-events";
import { GUARDDUTY_SOURCE } from "../../packages/core/src/evidence/scan-events";
import { DOWNLOADS_PREFIX } from "../../packages/core/src/privacy/download";
import { JOB_RUN_BUDGET_MS } from "../../packages/core/src/privacy/erasure";
import { SES_REPUTATION_ALARMS } from "../Events";
import { SECRET_NAMES } from "../Storage";
import { pageStatusFor } from "../site-routing";
import { Web } from "../Web";
import { STAGE, synthesize, templateOfRoute, type Synthesized } from "./synth";
import { environmentOf, ofType, refId, resources, routeFunctionId } from "./template";

const PETITION_ID = "petition-under-test";
const SITE_KEY = "site-key-under-test";

let s: Synthesized;
beforeAll(async () => {
  s = await synthesize({ DEFAULT_PETITION_ID: PETITION_ID, CAPTCHA_SITE_KEY: SITE_KEY });
});

/**
 * The runtime, and the deployed value of each setting a function declares (least-privilege.test.ts
 * checks that it gets nothing else).
 */
function expectSharedSetup(t: Template, functionId: string, needs: Needs) {
  const env = environmentOf(t, functionId);
  const values: Record<string, string> = {
    DEFAULT_PETITION_ID: PETITION_ID,
    SIGN_RATE_LIMIT_PER_MINUTE: "10",
    REPORT_RATE_LIMIT_PER_MINUTE: "5",
    LEAD_RATE_LIMIT_PER_MINUTE: "5",
    NEWSLETTER_CONFIRM_RATE_LIMIT_PER_MINUTE: "10",
    PRIVACY_RATE_LIMIT_PER_MINUTE: "10",
    NEWSLETTER_BATCH_SIZE: "100",
    // SES's review thresholds (5 % bounces, 0.1 % complaints)
    NEWSLETTER_PAUSE_BOUNCE_RATE: "0.05",
    NEWSLETTER_PAUSE_COMPLAINT_RATE: "0.001",
    // the feedback breaker stops visitor mail well under them
    MAIL_BREAKER_BOUNCE_RATE: "0.03",
    MAIL_BREAKER_COMPLAINT_RATE: "0.0005",
    MAIL_BREAKER_MIN_SENDS: "200",
    // visitor mail to one domain outside the large providers, per hour, before it waits for an administrator
    MAIL_DOMAIN_ALLOWANCE_PER_HOUR: "20",
    // … and from one network (a /24 or /48) to any domain
    MAIL_NETWORK_ALLOWANCE_PER_HOUR: "100",
    ADMIN_NOTICE_DIGEST_THRESHOLD: "10",
    ADMIN_NOTICE_DIGEST_SECONDS: "600",
    // report and guide-request notices an hour one by one, before the hour's digest
    ADMIN_NOTICES_PER_HOUR: "20",
    UPLOAD_RATE_LIMIT_PER_MINUTE: "20",
    // page views and events per minute from one network (a /24 or /48) before the beacon drops them
    BEACON_RATE_LIMIT_PER_MINUTE: "300",
    CAPTCHA_MIN_SCORE: "0.5",
    CAPTCHA_SITE_KEY: SITE_KEY,
    SHEETS_DRIVER: "google",
    // a sync rewrites the spreadsheet in place unless a deploy turns fresh files on (review N7)
    SHEETS_FRESH_FILE_PER_SYNC: "false",
    GOOGLE_SHEETS_FOLDER_ID: "none",
    SITE_URL: "https://owners.example.org",
  };
  for (const name of needs.settings ?? []) expect(env[name], name).toBe(values[name]);
  if (needs.table) expect(env).toMatchObject({ COUNTER_SHARDS: "10", TABLE_NAME: expect.any(Object) });
  if (needs.mail) expect(env.MAIL_DRIVER).toBe("ses");
  // every send asks the suppression list and takes its slot of the account's budget (SES's production defaults), in the table
  if (needs.mail) expect(needs.table).toBe("write");
  if (needs.mail) {
    expect(env).toMatchObject({
      TABLE_NAME: expect.any(Object),
      MAIL_CONFIGURATION_SET: expect.any(Object),
      MAIL_PRIVACY_CONFIGURATION_SET: expect.any(Object),
    });
    expect(env).toMatchObject({ MAIL_RATE_PER_SECOND: "14", MAIL_DAILY_QUOTA: "50000", MAIL_LINK_RESERVE_PER_SECOND: "2", NEWSLETTER_DAILY_SHARE: "0.5" });
  }
  // the configuration set's name and no sending: the feedback subscriber acts on this stage's events only
  if (needs.mailFeedback) expect(env).toMatchObject({ MAIL_CONFIGURATION_SET: expect.any(Object) });
  if (needs.mailFeedback && !needs.mail) expect(env.MAIL_DRIVER).toBeUndefined();
  if (needs.bus) expect(env).toMatchObject({ BUS_DRIVER: "eventbridge", EVENT_BUS_NAME: expect.any(Object) });
  if (needs.userPool) expect(env).toMatchObject({ USER_POOL_ID: expect.any(Object), USER_POOL_CLIENT_ID: expect.any(Object) });
  for (const name of needs.secrets ?? []) {
    // SST fetches bound secrets from SSM at runtime; the template never holds a value.
    expect(env[`SST_Secret_value_${name}`]).toBe("__FETCH_FROM_SSM__");
  }
  expect(s.functions.get(functionId)).toMatchObject({ runtime: "nodejs24.x" });
}

/** CloudFormation refuses a stack of more than 500 resources: a deploy would fail where synth succeeds. */
const CLOUDFORMATION_RESOURCE_LIMIT = 500;

describe("every stack", () => {
  it.each(["Storage", "Auth", "Events", "Api", "AdminApi", "Web"] as const)("%s stays within CloudFormation's 500 resources", (name) => {
    const count = Object.keys(resources(s.templates[name])).length;
    expect(count, `${name} has ${count} resources`).toBeLessThanOrEqual(CLOUDFORMATION_RESOURCE_LIMIT);
  });
});

describe("Storage", () => {
  const table = () => s.templates.Storage;

  it("has one single-table design table with pk/sk keys and on-demand billing", () => {
    table().resourceCountIs("AWS::DynamoDB::Table", 1);
    table().hasResourceProperties("AWS::DynamoDB::Table", {
      KeySchema: [
        { AttributeName: "pk", KeyType: "HASH" },
        { AttributeName: "sk", KeyType: "RANGE" },
      ],
      BillingMode: "PAY_PER_REQUEST",
      AttributeDefinitions: Match.arrayWith(
        ["pk", "sk", "gsi1pk", "gsi1sk", "gsi2pk", "gsi2sk", "gsi3pk", "gsi3sk"].map((AttributeName) => ({ AttributeName, AttributeType: "S" })),
      ),
    });
  });

  it("has the gsi1 and gsi2 global indexes", () => {
    table().hasResourceProperties("AWS::DynamoDB::Table", {
      GlobalSecondaryIndexes: Match.arrayWith(
        ["gsi1", "gsi2"].map((IndexName) =>
          Match.objectLike({
            IndexName,
            KeySchema: [
              { AttributeName: `${IndexName}pk`, KeyType: "HASH" },
              { AttributeName: `${IndexName}sk`, KeyType: "RANGE" },
            ],
          }),
        ),
      ),
    });
  });

  it("has gsi3, keys only: a person's records by a hash of their e-mail", () => {
    table().hasResourceProperties("AWS::DynamoDB::Table", {
      GlobalSecondaryIndexes: Match.arrayWith([
        Match.objectLike({
          IndexName: "gsi3",
          KeySchema: [
            { AttributeName: "gsi3pk", KeyType: "HASH" },
            { AttributeName: "gsi3sk", KeyType: "RANGE" },
          ],
          Projection: { ProjectionType: "KEYS_ONLY" },
        }),
      ]),
    });
  });

  it("has byO1–byO9: the admin lists' sort orders and name searches over the index rows' own partitions, projecting the packed row", () => {
    table().hasResourceProperties("AWS::DynamoDB::Table", {
      GlobalSecondaryIndexes: Match.arrayWith(
        [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) =>
          Match.objectLike({
            IndexName: `byO${n}`,
            KeySchema: [
              { AttributeName: "pk", KeyType: "HASH" },
              { AttributeName: `o${n}`, KeyType: "RANGE" },
            ],
            Projection: { ProjectionType: "INCLUDE", NonKeyAttributes: ["r"] },
          }),
        ),
      ),
    });
  });

  it("has byS1–byS6: the name searches by a word's start, partitioned by s<n> and sorted by w<n>, projecting the packed row; 18 indexes of DynamoDB's 20", () => {
    table().hasResourceProperties("AWS::DynamoDB::Table", {
      GlobalSecondaryIndexes: Match.arrayWith(
        [1, 2, 3, 4, 5, 6].map((n) =>
          Match.objectLike({
            IndexName: `byS${n}`,
            KeySchema: [
              { AttributeName: `s${n}`, KeyType: "HASH" },
              { AttributeName: `w${n}`, KeyType: "RANGE" },
            ],
            Projection: { ProjectionType: "INCLUDE", NonKeyAttributes: ["r"] },
          }),
        ),
      ),
    });
    const [resource] = Object.values(table().findResources("AWS::DynamoDB::Table")) as { Properties: { GlobalSecondaryIndexes: unknown[] } }[];
    expect(resource!.Properties.GlobalSecondaryIndexes).toHaveLength(18);
  });

  it("keeps point-in-time recovery on and expires items by expiresAt", () => {
    table().hasResourceProperties("AWS::DynamoDB::Table", {
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: "expiresAt", Enabled: true },
    });
  });

  it("keeps the evidence bucket private and reachable over TLS only", () => {
    // the evidence bucket and its access log's (below)
    table().resourceCountIs("AWS::S3::Bucket", 2);
    table().hasResourceProperties("AWS::S3::Bucket", {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      OwnershipControls: { Rules: [{ ObjectOwnership: "BucketOwnerEnforced" }] },
    });
    table().hasResourceProperties("AWS::S3::BucketPolicy", {
      PolicyDocument: {
        Statement: Match.arrayWith([Match.objectLike({ Effect: "Deny", Condition: { Bool: { "aws:SecureTransport": "false" } } })]),
      },
    });
    for (const [, bucket] of ofType(table(), "AWS::S3::Bucket")) expect(bucket.Properties.WebsiteConfiguration).toBeUndefined();
  });

  it("logs each request for an evidence file (who used a link, from where) to a private bucket that keeps it one month", () => {
    const buckets = ofType(table(), "AWS::S3::Bucket");
    const [, evidence] = buckets.find(([, b]) => b.Properties.CorsConfiguration)!;
    const [logsId, logs] = buckets.find(([, b]) => !b.Properties.CorsConfiguration)!;
    expect(evidence.Properties.LoggingConfiguration).toEqual({ DestinationBucketName: { Ref: logsId }, LogFilePrefix: "evidence/" });
    expect(logs.Properties.LifecycleConfiguration.Rules).toEqual([expect.objectContaining({ ExpirationInDays: 30, Status: "Enabled" })]);
    expect(logs.Properties.PublicAccessBlockConfiguration).toMatchObject({ BlockPublicAcls: true, RestrictPublicBuckets: true });
    // delivered under the bucket's policy, from the evidence bucket only: no ACL
    expect(logs.Properties.AccessControl).toBeUndefined();
    const [, policy] = ofType(table(), "AWS::S3::BucketPolicy").find(([, p]) => p.Properties.Bucket.Ref === logsId)!;
    expect(policy.Properties.PolicyDocument.Statement).toContainEqual(
      expect.objectContaining({
        Effect: "Allow",
        Principal: { Service: "logging.s3.amazonaws.com" },
        Action: "s3:PutObject",
        Condition: expect.objectContaining({ ArnLike: { "aws:SourceArn": expect.anything() } }),
      }),
    );
  });

  it("takes evidence by presigned POST only, and expires unclaimed uploads, export files (and their unfinished parts) and large privacy downloads after a day", () => {
    table().hasResourceProperties("AWS::S3::Bucket", {
      CorsConfiguration: { CorsRules: [Match.objectLike({ AllowedMethods: ["POST"], ExposedHeaders: ["ETag"] })] },
      LifecycleConfiguration: {
        Rules: [
          Match.objectLike({ Prefix: "uploads/", ExpirationInDays: 1, Status: "Enabled" }),
          Match.objectLike({ Prefix: "exports/", ExpirationInDays: 1, AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 }, Status: "Enabled" }),
          // the prefix the download writes under (privacy/download.ts): a person's data never outlives its link by more than a day
          Match.objectLike({ Prefix: DOWNLOADS_PREFIX, ExpirationInDays: 1, Status: "Enabled" }),
        ],
      },
    });
  });

  it("lets the download route put a large download in the bucket and sign its link, and runs large erasures for 15 minutes", () => {
    expect(routes.find((r) => routeKey(r) === "POST /api/privacy/export")?.needs).toMatchObject({ bucket: "write" });
    expect(routes.find((r) => routeKey(r) === "POST /api/privacy/erase/status")?.needs).toEqual({ table: "read" });
    expect(subscribers.find((x) => x.name === "privacy-erasure")).toMatchObject({
      detailType: "privacy.erasure_confirmed",
      timeout: 900,
      needs: { bucket: "write" },
    });
    // a run hands over to a fresh one before the function's timeout
    expect(JOB_RUN_BUDGET_MS).toBeLessThan(900_000 - 60_000);
  });

  it("runs export jobs for 15 minutes, able to write the bucket", () => {
    expect(subscribers.find((x) => x.name === "export-job")).toMatchObject({ detailType: "exports.requested", timeout: 900, needs: { bucket: "write" } });
  });

  it("makes delivery packs for 15 minutes with pdfkit installed beside the bundle (its font files), able to write the bucket", () => {
    expect(subscribers.find((x) => x.name === "delivery-pack-job")).toMatchObject({
      detailType: "petitions.delivery_pack_requested",
      timeout: 900,
      install: ["pdfkit"],
      needs: { bucket: "write" },
    });
  });
});

describe("Auth", () => {
  const auth = () => s.templates.Auth;

  it("signs in by e-mail and lets no one sign themselves up", () => {
    auth().hasResourceProperties("AWS::Cognito::UserPool", {
      UsernameAttributes: ["email"],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
    });
  });

  it("has an admin group", () => {
    auth().hasResourceProperties("AWS::Cognito::UserPoolGroup", { GroupName: "admin" });
  });

  it("has a public web client using USER_PASSWORD_AUTH and SRP", () => {
    auth().resourceCountIs("AWS::Cognito::UserPoolClient", 1);
    auth().hasResourceProperties("AWS::Cognito::UserPoolClient", {
      GenerateSecret: false,
      ExplicitAuthFlows: Match.arrayWith(["ALLOW_USER_PASSWORD_AUTH", "ALLOW_USER_SRP_AUTH"]),
    });
    auth().hasOutput("UserPoolId", {});
    auth().hasOutput("UserPoolClientId", {});
  });
});

describe("Spreadsheet sync", () => {
  it("runs every sync in a subscriber with 15 minutes, never inside an API request", () => {
    expect(subscribers.find((x) => x.name === "signature-sheet-sync")?.timeout).toBe(900);
    expect(subscribers.find((x) => x.name === "sheets-sync-job")).toMatchObject({ detailType: "sheets.sync_requested", timeout: 900 });
    // the admin's button only records a job: default timeout, no Google secrets
    expect(routes.find((r) => r.handler.includes("admin-sheets-sync-signatures"))).toMatchObject({ needs: { table: "write", bus: true } });
    expect(routes.find((r) => r.handler.includes("admin-sheets-sync-signatures"))?.timeout).toBeUndefined();
    expect(routes.filter((r) => r.needs.secrets?.some((n) => n.startsWith("GOOGLE_")))).toEqual([]);
  });

  it("creates the Google secrets, bound only to functions that sync and never to a public route", () => {
    expect(SECRET_NAMES).toEqual(expect.arrayContaining(["GOOGLE_SERVICE_ACCOUNT", "GOOGLE_SHEETS_SPREADSHEET_ID"]));
    const syncers = [...routes, ...subscribers].filter((x) => x.needs.secrets?.includes("GOOGLE_SERVICE_ACCOUNT"));
    expect(syncers.map((x) => x.handler)).toContain("packages/functions/src/events/signature-sheet-sync.handler");
    for (const x of syncers) expect(x.needs.settings, x.handler).toContain("SHEETS_DRIVER");
    expect(routes.filter((r) => r.access === "public" && r.needs.secrets?.some((n) => n.startsWith("GOOGLE_")))).toEqual([]);
  });
});

describe("Events", () => {
  const events = () => s.templates.Events;

  it("sends every e-mail with a configuration set whose bounces and complaints reach the mail-feedback subscriber", () => {
    const storage = s.templates.Storage;
    // SES's account-level list as the backstop: this configuration set suppresses bounces and complaints too
    storage.hasResourceProperties("AWS::SES::ConfigurationSet", { SuppressionOptions: { SuppressedReasons: ["BOUNCE", "COMPLAINT"] } });
    // … except the privacy link's own set: SES's account-level list off, so /my-data's link still reaches an address that once complained
    storage.hasResourceProperties("AWS::SES::ConfigurationSet", { SuppressionOptions: { SuppressedReasons: [] } });
    // both report to the same feedback
    expect(ofType(storage, "AWS::SES::ConfigurationSetEventDestination")).toHaveLength(2);
    const [[, destination]] = ofType(storage, "AWS::SES::ConfigurationSetEventDestination");
    const { EventDestination } = destination.Properties;
    expect(EventDestination.MatchingEventTypes.sort()).toEqual(["bounce", "complaint", "delivery", "reject"]);
    expect(JSON.stringify(EventDestination.EventBridgeDestination.EventBusArn)).toContain(":event-bus/default");
    const feedback = subscribers.find((x) => x.source === SES_SOURCE);
    expect(feedback?.name).toBe("mail-feedback");
    expect(detailTypesOf(feedback!).sort()).toEqual(Object.values(FEEDBACK_DETAIL_TYPES).sort());
    // it keeps the suppression list, the issues' counts and the breaker's: the table, the thresholds at
    // which an issue pauses and visitor mail stops, and the mail that tells the administrators
    expect(feedback!.needs).toEqual({
      table: "write",
      mailFeedback: true,
      mail: true,
      secrets: ["ADMIN_NOTIFY_RECIPIENTS", "MAIL_FROM"],
      settings: [
        "NEWSLETTER_PAUSE_BOUNCE_RATE",
        "NEWSLETTER_PAUSE_COMPLAINT_RATE",
        "MAIL_BREAKER_BOUNCE_RATE",
        "MAIL_BREAKER_COMPLAINT_RATE",
        "MAIL_BREAKER_MIN_SENDS",
      ],
    });
  });

  it("alarms on SES's reputation: bounce rate and complaint rate, to the alarm topic", () => {
    const alarms = ofType(events(), "AWS::CloudWatch::Alarm").map(([, a]) => a.Properties);
    for (const [, metricName, threshold] of SES_REPUTATION_ALARMS) {
      const alarm = alarms.find((a) => a.MetricName === metricName);
      expect(alarm, metricName).toMatchObject({ Namespace: "AWS/SES", Threshold: threshold, ComparisonOperator: "GreaterThanOrEqualToThreshold" });
      expect(alarm!.AlarmActions).toHaveLength(1);
    }
    // well under SES's review thresholds (5 % bounces, 0.1 % complaints)
    expect(SES_REPUTATION_ALARMS.map(([, , threshold]) => threshold)).toEqual([0.02, 0.0005]);
  });

  it("has one rule per subscriber", () => {
    expect(subscribers.length).toBeGreaterThan(0);
    events().resourceCountIs("AWS::Events::Rule", subscribers.length);
  });

  it.each(subscribers)("routes $detailType to $name, with retries and a dead-letter queue", (sub) => {
    const rule = ofType(events(), "AWS::Events::Rule").find(([, r]) => r.Properties.Name === `${STAGE}-timeshare-advocacy-${sub.name}`);
    expect(rule, sub.name).toBeDefined();
    const { EventPattern, Targets } = rule![1].Properties;
    if (sourceOf(sub) === EVENT_SOURCE) expect(EventPattern).toEqual({ source: [sourceOf(sub)], "detail-type": detailTypesOf(sub) });
    // GuardDuty's scan results: this stage's evidence bucket's only (malware-scan.test.ts)
    else if (sourceOf(sub) === GUARDDUTY_SOURCE) expect(EventPattern.detail).toEqual({ s3ObjectDetails: { bucketName: [expect.anything()] } });
    else {
      // every stage's SES events share the account's default bus: the rule takes this stage's configuration set's only
      const sets = ofType(s.templates.Storage, "AWS::SES::ConfigurationSet").map(([id]) => id);
      expect(sets).toHaveLength(2);
      expect(EventPattern).toEqual({
        source: [sourceOf(sub)],
        "detail-type": detailTypesOf(sub),
        detail: { mail: { tags: { "ses:configuration-set": [expect.anything(), expect.anything()] } } },
      });
      for (const id of sets) expect(JSON.stringify(EventPattern.detail)).toContain(id);
    }
    // the app's events on its own bus; SES's on the account's default bus, the only one SES can target
    expect(rule![1].Properties.EventBusName, sub.name).toEqual(sourceOf(sub) === EVENT_SOURCE ? { Ref: expect.stringMatching(/^BusEventBus/) } : "default");
    expect(Targets).toHaveLength(1);
    const [target] = Targets;
    expect(target.RetryPolicy.MaximumRetryAttempts).toBeGreaterThanOrEqual(3);
    const deadLetterQueue = resources(events())[refId(target.DeadLetterConfig.Arn)];
    expect(deadLetterQueue.Type).toBe("AWS::SQS::Queue");

    const functionId = refId(target.Arn);
    expect(s.functions.get(functionId)?.handler).toBe(sub.handler);
    expectSharedSetup(events(), functionId, sub.needs);
    expect(resources(events())[functionId].Properties.Timeout).toBe(sub.timeout ?? 10);
    events().hasResourceProperties("AWS::Lambda::EventInvokeConfig", {
      FunctionName: { Ref: functionId },
      MaximumRetryAttempts: 2,
      DestinationConfig: { OnFailure: { Destination: target.DeadLetterConfig.Arn } },
    });
  });
});

describe("Api", () => {
  const api = () => s.templates.Api;

  it("has exactly the routes of the route table, the administrators' in the AdminApi stack", () => {
    const keysOf = (t: Template) => ofType(t, "AWS::ApiGatewayV2::Route").map(([, r]) => r.Properties.RouteKey as string);
    expect(keysOf(api()).sort()).toEqual(
      routes
        .filter((r) => r.access !== "admin")
        .map(routeKey)
        .sort(),
    );
    expect(keysOf(s.templates.AdminApi).sort()).toEqual(
      routes
        .filter((r) => r.access === "admin")
        .map(routeKey)
        .sort(),
    );
  });

  it("verifies admin tokens against the user pool and web client", () => {
    api().hasResourceProperties("AWS::ApiGatewayV2::Authorizer", {
      AuthorizerType: "JWT",
      IdentitySource: ["$request.header.Authorization"],
      JwtConfiguration: {
        Issuer: { "Fn::Join": ["", ["https://cognito-idp.us-east-1.amazonaws.com/", { "Fn::ImportValue": Match.stringLikeRegexp("Auth.*UserPool") }]] },
        Audience: [{ "Fn::ImportValue": Match.stringLikeRegexp("Auth.*UserPoolClient") }],
      },
    });
  });

  it.each(routes)("$method $path ($access) → $handler", (route) => {
    const key = routeKey(route);
    const t = templateOfRoute(s, route);
    const [, resource] = ofType(t, "AWS::ApiGatewayV2::Route").find(([, r]) => r.Properties.RouteKey === key)!;
    if (route.access === "admin") {
      expect(resource.Properties.AuthorizationType).toBe("JWT");
      // the Api stack's authorizer, imported: its export's value is the authorizer's id
      const imported = resource.Properties.AuthorizerId["Fn::ImportValue"];
      const exported = Object.values(api().toJSON().Outputs as Record<string, { Value: { Ref?: string }; Export?: { Name: string } }>).find(
        (o) => o.Export?.Name === imported,
      );
      expect(resources(api())[refId(exported!.Value)].Type).toBe("AWS::ApiGatewayV2::Authorizer");
      // and the route belongs to the one API
      expect(JSON.stringify(resource.Properties.ApiId)).toMatch(/Api/);
    } else {
      expect(resource.Properties.AuthorizationType).toBe("NONE");
      expect(resource.Properties.AuthorizerId).toBeUndefined();
    }
    const functionId = routeFunctionId(t, key);
    expect(s.functions.get(functionId)?.handler).toBe(route.handler);
    expect(resources(t)[functionId].Properties.Timeout).toBe(route.timeout ?? 10);
    expectSharedSetup(t, functionId, route.needs);
  });
});

describe("Web", () => {
  const web = () => s.templates.Web;
  const distribution = () => {
    const [[, d]] = ofType(web(), "AWS::CloudFront::Distribution");
    return d.Properties.DistributionConfig;
  };

  it("builds the site with the default petition id, its own address and no donation page until one is set", () => {
    const { site } = use(Web);
    expect(site.getConstructMetadata().data.environment).toEqual({
      DEFAULT_PETITION_ID: PETITION_ID,
      SITE_URL: "https://owners.example.org",
      DONATION_URL: "",
    });
    web().hasOutput("SiteUrl", {});
  });

  it("sends /api/* to the HTTP API, uncached unless the API says otherwise", () => {
    const behavior = distribution().CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === "/api/*");
    expect(behavior).toBeDefined();
    expect(behavior.AllowedMethods).toEqual(expect.arrayContaining(["GET", "HEAD", "OPTIONS", "PUT", "PATCH", "POST", "DELETE"]));
    expect(behavior.ViewerProtocolPolicy).toBe("https-only");

    const origin = distribution().Origins.find((o: { Id: string }) => o.Id === behavior.TargetOriginId);
    expect(JSON.stringify(origin.DomainName)).toMatch(/Api.*\.execute-api\.us-east-1\./);
    expect(origin.CustomOriginConfig.OriginProtocolPolicy).toBe("https-only");

    const cachePolicy = resources(web())[refId(behavior.CachePolicyId)].Properties.CachePolicyConfig;
    expect(cachePolicy.DefaultTTL).toBe(0);
    expect(cachePolicy.ParametersInCacheKeyAndForwardedToOrigin).toMatchObject({
      HeadersConfig: { HeaderBehavior: "whitelist", Headers: ["Authorization"] },
      QueryStringsConfig: { QueryStringBehavior: "all" },
    });
  });

  it.each(["/sign/*", "/share/*", "/thank-you/*"])("sends %s (a petition page with its share tags) to the API, cached as briefly as it says", (pattern) => {
    const behavior = distribution().CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === pattern);
    expect(behavior).toBeDefined();
    expect(behavior.AllowedMethods).toEqual(["GET", "HEAD"]);
    const api = distribution().CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === "/api/*");
    expect(behavior.TargetOriginId).toBe(api.TargetOriginId);
    expect(behavior.ResponseHeadersPolicyId).toEqual(api.ResponseHeadersPolicyId);
    const cachePolicy = resources(web())[refId(behavior.CachePolicyId)].Properties.CachePolicyConfig;
    expect(cachePolicy).toMatchObject({ DefaultTTL: 0, MinTTL: 0, MaxTTL: 300 });
    expect(cachePolicy.ParametersInCacheKeyAndForwardedToOrigin).toMatchObject({
      HeadersConfig: { HeaderBehavior: "none" },
      QueryStringsConfig: { QueryStringBehavior: "none" },
      CookiesConfig: { CookieBehavior: "none" },
    });
  });

  it("forwards the query string and the viewer geolocation headers to the API", () => {
    const behavior = distribution().CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === "/api/*");
    const policy = resources(web())[refId(behavior.OriginRequestPolicyId)].Properties.OriginRequestPolicyConfig;
    expect(policy.QueryStringsConfig.QueryStringBehavior).toBe("all");
    expect(policy.HeadersConfig.Headers).toEqual(
      expect.arrayContaining([
        "CloudFront-Viewer-Address",
        "CloudFront-Viewer-City",
        "CloudFront-Viewer-Country",
        "CloudFront-Viewer-Country-Name",
        "CloudFront-Viewer-Country-Region",
        "CloudFront-Viewer-Country-Region-Name",
        "CloudFront-Viewer-Latitude",
        "CloudFront-Viewer-Longitude",
        "Content-Type",
        "User-Agent",
      ]),
    );
    expect(policy.HeadersConfig.Headers).not.toContain("Host"); // API Gateway routes by its own Host
    expect(policy.HeadersConfig.Headers.length).toBeLessThanOrEqual(10); // CloudFront's limit
  });

  it("serves pages through the page router, unknown paths with status 404, and never swaps an error for a page", () => {
    // the page router and its status function, and the embeddable widget's (its own behaviour, stacks/test/edge.test.ts)
    web().resourceCountIs("AWS::CloudFront::Function", 3);
    const [[routerId]] = ofType(web(), "AWS::CloudFront::Function").filter(([id]) => id.startsWith("PageRouter"));
    const [[statusId, status]] = ofType(web(), "AWS::CloudFront::Function").filter(([id]) => id.startsWith("PageStatus"));
    expect(distribution().DefaultCacheBehavior.FunctionAssociations).toEqual([
      { EventType: "viewer-request", FunctionARN: { "Fn::GetAtt": [routerId, "FunctionARN"] } },
      { EventType: "viewer-response", FunctionARN: { "Fn::GetAtt": [statusId, "FunctionARN"] } },
    ]);
    // the deployed code is the routing rule's status function for the built site (its behaviour: site-routing.test.ts)
    const code = (status as unknown as { Properties: { FunctionCode: string } }).Properties.FunctionCode;
    expect(code).toBe(pageStatusFor(fileURLToPath(new URL("../../web/dist", import.meta.url))));
    expect(code).toContain("response.statusCode = 404");
    for (const response of distribution().CustomErrorResponses ?? []) {
      expect(response).toEqual({ ErrorCode: response.ErrorCode, ErrorCachingMinTTL: 0 });
    }
  });
});
