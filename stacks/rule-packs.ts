import { CfnResource, Stack } from "aws-cdk-lib";
import { RetentionDays } from "aws-cdk-lib/aws-logs";
import { NagSuppressions, type NagPackSuppressionAppliesTo } from "cdk-nag";
import type { IConstruct } from "constructs";
import { routeKey, routes } from "../packages/functions/src/routes";

/**
 * What AWS's own rule sets flag in these stacks and we keep, each with why (issue 39, item 7): cdk-nag's
 * AwsSolutions pack and the Control Tower proactive controls, run as CloudFormation Guard rules
 * (`stacks/test/rule-packs.test.ts` runs both on every stack). Everything else they flag is fixed in
 * the stacks. An exception names the resources it is about by what they are (a route the route table
 * calls public, a policy whose only "*" is an action with no resource of its own), not by a list of
 * IDs, so a new resource of the same kind is excused only if it is the same case; the test fails on a
 * finding no exception answers and on an exception that answers nothing any more.
 */
export interface RuleException {
  /** cdk-nag rule ids it answers (`AwsSolutions-S1`) */
  nag?: string[];
  /** for cdk-nag's granular rules (IAM4, IAM5): the findings it answers */
  appliesTo?: NagPackSuppressionAppliesTo[];
  /** Control Tower controls it answers (`CT.S3.PR.2`) */
  guard?: string[];
  /** the resources it is about, by the resource and its properties as the synthesized template has them */
  where: (r: CfnResource, props: Json) => boolean;
  reason: string;
}

// a template's JSON, untyped as in the stacks' template readers (eslint.config.js)
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = Record<string, any>;
/** A resource's properties as its synthesized template has them. */
export type PropsOf = (r: CfnResource) => Json;

const isType = (r: CfnResource, type: string) => r.cfnResourceType === type;
/** The resource's construct path inside its stack (`Evidence/Bucket/Resource`). */
const pathIn = (r: IConstruct) => r.node.path.slice(Stack.of(r).node.path.length + 1);

const ACCESS_LOG_BUCKET = "EvidenceAccessLogs/Bucket/Resource";
const SITE_BUCKET = "Site/S3Bucket/Resource";
const isBucket = (r: CfnResource) => isType(r, "AWS::S3::Bucket");
const isBucketAt = (path: string) => (r: CfnResource) => isBucket(r) && pathIn(r) === path;
const isDistribution = (r: CfnResource) => isType(r, "AWS::CloudFront::Distribution");
const isUserPool = (r: CfnResource) => isType(r, "AWS::Cognito::UserPool");

/** The statements of an IAM policy, or of a role's inline policies. */
function statementsOf(r: CfnResource, p: Json): Json[] {
  if (isType(r, "AWS::IAM::Policy")) return p.PolicyDocument.Statement;
  if (isType(r, "AWS::IAM::Role")) return (p.Policies ?? []).flatMap((policy: Json) => policy.PolicyDocument.Statement);
  return [];
}

/** A policy granting something on "*", and then only `actions`. */
const grantsStarOnlyFor = (actions: readonly string[]) => (r: CfnResource, p: Json) => {
  const star = statementsOf(r, p).filter((s) => s.Effect === "Allow" && [s.Resource].flat().includes("*"));
  return star.length > 0 && star.every((s) => [s.Action].flat().every((a: string) => actions.includes(a)));
};

/** Actions IAM lets no resource narrower than "*" name, and who needs them. */
export const STAR_ONLY_ACTIONS = [
  // every function traces to X-Ray (SST's default, `tracing: "active"`)
  "xray:PutTraceSegments",
  "xray:PutTelemetryRecords",
  // the table stream's consumers find the stream (CDK's DynamoEventSource)
  "dynamodb:ListStreams",
  // lifting an address from SES's account-level suppression list (stacks/function-props.ts)
  "ses:DeleteSuppressedDestination",
] as const;

/** Routes anyone may call: the route table says so (packages/functions/src/routes.ts). */
const PUBLIC_ROUTE_KEYS = new Set(routes.filter((r) => r.access === "public").map(routeKey));

/** The logical IDs of the HTTP APIs in a resource's stack. */
/**
 * How a resource's template names the app's HTTP APIs: by Ref in the API's own stack, by the API
 * stack's export from another stack (the AdminApi stack's routes, stacks/AdminApi.ts).
 */
const httpApiRefsOf = (r: CfnResource) =>
  r.node.root.node
    .findAll()
    .filter((c): c is CfnResource => c instanceof CfnResource && isType(c, "AWS::ApiGatewayV2::Api"))
    .map((api) => {
      const id = Stack.of(api).getLogicalId(api);
      return Stack.of(api) === Stack.of(r) ? `{"Ref":"${id}"}` : `{"Fn::ImportValue":"${Stack.of(api).stackName}:ExportsOutputRef${id}`;
    });

export const RULE_EXCEPTIONS: RuleException[] = [
  // ── Lambda ──────────────────────────────────────────────────────────────────────────────────────
  {
    guard: ["CT.LAMBDA.PR.3"],
    where: (r) => isType(r, "AWS::Lambda::Function"),
    reason:
      "No VPC: the functions reach only AWS services' public endpoints (DynamoDB, S3, SES, EventBridge, SSM, Secrets Manager, Cognito), each behind IAM, and no resource of the app lives in a network. A VPC would add a NAT gateway or interface endpoints in every zone, a fixed monthly cost, and network interfaces to scale in a signing surge, and protect nothing.",
  },
  {
    nag: ["AwsSolutions-L1"],
    where: (r) => isType(r, "AWS::Lambda::Function") && pathIn(r) === "CustomResourceHandler/Resource",
    reason:
      "SST's own custom-resource handler (one per stack, made by sst/constructs' Stack), whose runtime SST 2.49 fixes at nodejs22.x and which takes no visitor input; the app's functions run the latest runtime, nodejs24.x (sst.config.ts).",
  },
  {
    guard: ["CT.LAMBDA.PR.2"],
    where: (r, p) => {
      if (!isType(r, "AWS::Lambda::Permission")) return false;
      const source = JSON.stringify(p.SourceArn ?? "");
      return p.Principal === "apigateway.amazonaws.com" && source.includes(":execute-api:") && httpApiRefsOf(r).some((ref) => source.includes(ref));
    },
    reason:
      "API Gateway may invoke the function only from its own route: SourceArn is the route's execute-api ARN in the app's HTTP API (by Ref, or by the Api stack's export for the AdminApi stack's routes), which CDK builds with Fn::Join, a form the control does not read (it accepts a literal string or a Ref).",
  },

  // ── IAM ─────────────────────────────────────────────────────────────────────────────────────────
  {
    nag: ["AwsSolutions-IAM4"],
    appliesTo: ["Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole"],
    where: (r) => isType(r, "AWS::IAM::Role"),
    reason:
      "Lambda's basic execution policy, which SST and CDK attach to every function's role (and stacks/Api.ts to its shared route roles): it grants writing CloudWatch logs only (logs:CreateLogGroup, CreateLogStream, PutLogEvents), no data and no reading. Its resource is every log group of the account; narrowing it would mean replacing the policy SST and CDK attach with an inline one per role naming its functions' groups.",
  },
  {
    nag: ["AwsSolutions-IAM5"],
    appliesTo: ["Resource::*"],
    where: grantsStarOnlyFor(STAR_ONLY_ACTIONS),
    reason:
      "\"*\" only for actions that take no narrower resource in IAM: X-Ray's PutTraceSegments and PutTelemetryRecords (function tracing), DynamoDB's ListStreams (finding the table's stream) and SES's DeleteSuppressedDestination (the account-level suppression list has no ARN).",
  },
  {
    nag: ["AwsSolutions-IAM5"],
    appliesTo: ["Resource::*"],
    where: (r, p) =>
      pathIn(r).startsWith("LogRetentionaae0aa3c5b4d4f87b02d85b201efdd8a/") &&
      grantsStarOnlyFor(["logs:PutRetentionPolicy", "logs:DeleteRetentionPolicy"])(r, p),
    reason:
      "CDK's log-retention helper (one per stack), which sets each function's log group to one month: CDK grants it Put/DeleteRetentionPolicy on every log group, since Lambda names the groups when the functions are created; it can change retention and nothing else.",
  },
  {
    nag: ["AwsSolutions-IAM5"],
    appliesTo: [{ regex: "/^Resource::.*Table[0-9A-F]{8}.*\\/index\\/\\*$/" }],
    where: (r) => isType(r, "AWS::IAM::Policy"),
    reason:
      "The indexes of the app's one table (its ARN followed by /index/*), with the read or write actions the function's route or subscriber declares (stacks/function-props.ts; stacks/test/least-privilege.test.ts checks them): every query reads a named index of that table and no other.",
  },
  {
    nag: ["AwsSolutions-IAM5"],
    appliesTo: [{ regex: "/^Resource::.*EvidenceBucket[0-9A-F]{8}.*\\/\\*$/" }],
    where: (r) => isType(r, "AWS::IAM::Policy") || (isType(r, "AWS::IAM::Role") && pathIn(r).startsWith("EvidenceMalwareScanRole/")),
    reason:
      "The objects of the app's one private bucket (its ARN followed by /*), with only the object actions the function declares (read, write or sweep, stacks/function-props.ts) or, for GuardDuty's scanner, reading and tagging what it scans: the keys (report, upload, export, privacy download) are made at run time.",
  },
  {
    nag: ["AwsSolutions-IAM5"],
    appliesTo: [{ regex: "/^Resource::arn:<AWS::Partition>:ses:[^:]+:[^:]+:identity\\/\\*$/" }],
    where: (r) => isType(r, "AWS::IAM::Policy"),
    reason:
      "ses:SendEmail on the account's verified identities in the region: the sender (MAIL_FROM) is an SST secret set after deploy, so the stack cannot name its identity; the same statement names the stage's two configuration sets exactly.",
  },
  {
    nag: ["AwsSolutions-IAM5"],
    appliesTo: [{ regex: "/^Resource::arn:<AWS::Partition>:events:[^:]+:[^:]+:rule\\/DO-NOT-DELETE-AmazonGuardDutyMalwareProtectionS3\\*$/" }],
    where: (r) => isType(r, "AWS::IAM::Role") && pathIn(r).startsWith("EvidenceMalwareScanRole/"),
    reason:
      "GuardDuty Malware Protection for S3 makes and manages its own EventBridge rules, named DO-NOT-DELETE-AmazonGuardDutyMalwareProtectionS3 followed by an ID of its choosing, as GuardDuty's documented role policy grants (and only when events:ManagedBy is GuardDuty).",
  },

  // ── S3 ──────────────────────────────────────────────────────────────────────────────────────────
  {
    nag: ["AwsSolutions-S1"],
    guard: ["CT.S3.PR.2"],
    where: isBucketAt(ACCESS_LOG_BUCKET),
    reason: "The evidence bucket's access-log bucket itself: logging it would log the log deliveries, into itself or into yet another bucket.",
  },
  {
    nag: ["AwsSolutions-S1"],
    guard: ["CT.S3.PR.2"],
    where: isBucketAt(SITE_BUCKET),
    reason:
      "The site's bucket holds only the public build (HTML, scripts, images) and is read by CloudFront alone (its origin access identity); an access log would show CloudFront's fetches, not visitors, and nothing in the bucket is private.",
  },
  {
    guard: ["CT.S3.PR.10"],
    where: isBucket,
    reason:
      "Encrypted at rest with S3's own keys (SSE-S3), S3's default. A KMS key would have to be granted to every role that reads or writes the bucket (the functions that sign links, GuardDuty's scanner, CloudFront's identity for the site), the same roles IAM already lets in, and adds KMS requests to uploads and downloads.",
  },
  {
    guard: ["CT.S3.PR.9", "CT.S3.PR.11"],
    where: isBucket,
    reason:
      "No bucket keeps old versions, by design: evidence and exports must be gone when deleted (a report's erasure, the one-day lifecycles, a person's erasure), the access logs expire after a month, and the site's files are the current build, uploaded again by every deploy. Versioning, and Object Lock, which needs it, would keep what the privacy design deletes.",
  },
  {
    guard: ["CT.S3.PR.4"],
    where: isBucket,
    reason:
      "No bucket has a consumer for S3 event notifications: uploads are claimed through the API, and GuardDuty's Malware Protection turns on the evidence bucket's EventBridge notifications itself, outside the template.",
  },
  {
    guard: ["CT.S3.PR.6"],
    where: isBucketAt(SITE_BUCKET),
    reason:
      "SST's uploader deletes every file that is not in the current build at each deploy (its purge step), so nothing accumulates for a lifecycle rule to expire.",
  },

  // ── CloudFront ──────────────────────────────────────────────────────────────────────────────────
  {
    nag: ["AwsSolutions-CFR1"],
    where: isDistribution,
    reason:
      "A public advocacy site: anyone anywhere may read and sign (the counts tell US signers from the rest). Floods are refused by the WAF rate rules, API throttles and per-client limits, not by country.",
  },
  {
    nag: ["AwsSolutions-CFR3"],
    guard: ["CT.CLOUDFRONT.PR.5"],
    where: isDistribution,
    reason:
      "No CloudFront access log: it would keep every page view and file with the viewer's full IP address, a store of personal data the privacy policy does not describe, at a viral petition's volume. The API's access log (one month) records every /api request, and the site's analytics keep page views with a shortened IP address.",
  },
  {
    nag: ["AwsSolutions-CFR4"],
    guard: ["CT.CLOUDFRONT.PR.6", "CT.CLOUDFRONT.PR.7", "CT.CLOUDFRONT.PR.9"],
    where: (r, p) => isDistribution(r) && !p.DistributionConfig?.Aliases?.length && !p.DistributionConfig?.ViewerCertificate?.AcmCertificateArn,
    reason:
      "The stacks give the distribution no custom domain: it answers on its cloudfront.net name with CloudFront's default certificate, for which CloudFront fixes the security policy (TLSv1) and SNI does not apply. Browsers still negotiate TLS 1.2 or 1.3. A custom domain would come with an ACM certificate, SNI and TLSv1.2_2021.",
  },
  {
    nag: ["AwsSolutions-CFR7"],
    guard: ["CT.CLOUDFRONT.PR.10"],
    where: (r, p) => isDistribution(r) && JSON.stringify(p.DistributionConfig?.Origins ?? []).includes("OriginAccessIdentity"),
    reason:
      "SST 2's StaticSite reaches its bucket through an origin access identity, the older form of the same guard: the bucket blocks all public access and its policy lets that identity alone read it. Origin access control would mean replacing SST's construct.",
  },
  {
    guard: ["CT.CLOUDFRONT.PR.4"],
    where: isDistribution,
    reason:
      "No second origin to fail over to: the API is one regional HTTP API (and an origin group cannot carry its POST routes), and the site's files are in one bucket, re-uploaded by any deploy.",
  },

  // ── API ─────────────────────────────────────────────────────────────────────────────────────────
  {
    nag: ["AwsSolutions-APIG4"],
    guard: ["CT.APIGATEWAY.PR.5"],
    where: (r, p) => isType(r, "AWS::ApiGatewayV2::Route") && PUBLIC_ROUTE_KEYS.has(p.RouteKey) && (p.AuthorizationType ?? "NONE") === "NONE",
    reason:
      'Public by design (access "public" in packages/functions/src/routes.ts): visitors read, sign, report and ask for their data without an account. Each handler refuses a request without the origin secret CloudFront adds, and parses and rate-limits what it takes; the admin routes carry the Cognito JWT authorizer.',
  },
  {
    guard: ["CT.CLOUDWATCH.PR.2"],
    where: (r, p) => isType(r, "AWS::Logs::LogGroup") && p.RetentionInDays === RetentionDays.ONE_MONTH,
    reason:
      "Logs are kept one month by design (docs/architecture.md \"Security model\"; stacks/test/log-retention.test.ts): an access-log line names a visitor's IP address, and a year would keep visitors' addresses eleven months longer for no use the site has.",
  },
  {
    guard: ["CT.CLOUDWATCH.PR.3"],
    where: (r) => isType(r, "AWS::Logs::LogGroup"),
    reason:
      "Encrypted at rest by CloudWatch Logs' own keys, its default. A KMS key would need a key policy letting the logs service use it and a monthly key fee per stage, and would be granted to the same people who may read the logs.",
  },
  {
    nag: ["AwsSolutions-SMG4"],
    where: (r) => isType(r, "AWS::SecretsManager::Secret") && pathIn(r) === "OriginSecret/Resource",
    reason:
      "The origin secret is copied at deploy into CloudFront's origin header and the API functions' environment (dynamic references CloudFormation resolves): a rotation between deploys would make the API refuse every request. It is rotated by changing the value and redeploying (docs/architecture.md \"Security model\").",
  },

  // ── Cognito ─────────────────────────────────────────────────────────────────────────────────────
  {
    nag: ["AwsSolutions-COG2"],
    where: (r, p) => isUserPool(r) && p.MfaConfiguration === "OPTIONAL",
    reason:
      "TOTP MFA is required on prod (ADMIN_MFA, stacks/deploy-settings.ts; stacks/test/auth-prod.test.ts) and optional on other stages, whose administrators are the developers testing them.",
  },
  {
    nag: ["AwsSolutions-COG3"],
    where: isUserPool,
    reason:
      "Cognito's threat protection (advanced security) needs the Plus feature plan, billed per monthly active user. The pool's users are a handful of administrators made by `npm run admin:create`: no self sign-up, TOTP MFA on prod, Cognito's password policy (stacks/Auth.ts), and handlers that check the admin group on every call.",
  },

  // ── SQS ─────────────────────────────────────────────────────────────────────────────────────────
  {
    nag: ["AwsSolutions-SQS3"],
    guard: ["CT.SQS.PR.1"],
    where: (r) => isType(r, "AWS::SQS::Queue") && pathIn(r) === "SubscriberDeadLetters/Resource",
    reason:
      "It is the dead-letter queue itself (of the event rules' targets, the subscribers' asynchronous invocations and the stream consumers), which the rules do not see through those settings. What lands in it raises the dead-letter alarm; a queue behind it would only hide that.",
  },

  // ── DynamoDB ────────────────────────────────────────────────────────────────────────────────────
  {
    guard: ["CT.DYNAMODB.PR.2"],
    where: (r) => isType(r, "AWS::DynamoDB::Table"),
    reason:
      "Encrypted at rest with a key DynamoDB owns, its default. A KMS key (AWS managed or the foundation's) would make the table's availability depend on KMS too (DynamoDB must reach the key to refresh the table key it caches) in a 10,000-signatures-a-second surge, for key-use entries in CloudTrail; whoever may read the table through IAM reads it either way.",
  },
];

/** Adds the cdk-nag suppressions of RULE_EXCEPTIONS to every resource of `scope` they are about. */
export function suppressRuleExceptions(scope: IConstruct, propsOf: PropsOf) {
  for (const node of scope.node.findAll()) {
    if (!(node instanceof CfnResource)) continue;
    for (const e of RULE_EXCEPTIONS) {
      if (!e.nag || !e.where(node, propsOf(node))) continue;
      NagSuppressions.addResourceSuppressions(
        node,
        e.nag.map((id) => ({ id, reason: e.reason, ...(e.appliesTo ? { appliesTo: e.appliesTo } : {}) })),
      );
    }
  }
}

/** The exception that answers a Control Tower control's finding on a resource, if any. */
export const guardException = (control: string, resource: CfnResource, propsOf: PropsOf) =>
  RULE_EXCEPTIONS.find((e) => e.guard?.includes(control) && e.where(resource, propsOf(resource)));
