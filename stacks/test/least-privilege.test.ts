import { Template } from "aws-cdk-lib/assertions";
import { getStack } from "sst/constructs";
import { beforeAll, describe, expect, it } from "vitest";
import { SETTING_NAMES, secretsOf, type Needs } from "../../packages/functions/src/needs";
import { routeKey, routes, type Route } from "../../packages/functions/src/routes";
import { schedules } from "../../packages/functions/src/schedules";
import { subscribers, type Subscriber } from "../../packages/functions/src/subscribers";
import { streamConsumers } from "../../packages/functions/src/streams";
import { Schedules } from "../Schedules";
import { STAGE, synthesize, templateOfRoute, type Synthesized } from "./synth";
import { environmentOf, ofType, refId, resources, routeFunctionId, statementsOf } from "./template";

// A route (or subscriber) that does not declare what it needs does not typecheck.
// @ts-expect-error needs is required
export const undeclaredRoute: Route = { method: "GET", path: "/api/x", handler: "h", access: "public" };
// @ts-expect-error needs is required
export const undeclaredSubscriber: Subscriber = { name: "x", detailType: "x", handler: "h" };

/**
 * The secrets each declaration must bind: its own, and AUDIT_HASH_KEY with `mail` or `mailFeedback`
 * (every send asks the suppression list, every SES event writes it, and the list is keyed by the
 * person's kept hash, an HMAC with that key). Written out independently of needs.ts `secretsOf`.
 */
function expectedSecrets(needs: Needs): string[] {
  return [...new Set([...(needs.secrets ?? []), ...(needs.mail || needs.mailFeedback ? ["AUDIT_HASH_KEY"] : [])])].sort();
}

/** The IAM actions each declaration must turn into: the spec, written out independently of function-props.ts. */
function expectedActions(needs: Needs): string[] {
  const read = ["dynamodb:GetItem", "dynamodb:BatchGetItem", "dynamodb:Query"];
  const write = ["dynamodb:PutItem", "dynamodb:UpdateItem", "dynamodb:DeleteItem", "dynamodb:BatchWriteItem", "dynamodb:ConditionCheckItem"];
  return [
    ...(needs.table === "read" ? read : needs.table === "write" ? [...read, ...write] : []),
    ...(needs.bucket === "read"
      ? ["s3:GetObject"]
      : needs.bucket === "write"
        ? ["s3:GetObject", "s3:PutObject", "s3:DeleteObject", "s3:AbortMultipartUpload", "s3:ListBucket"]
        : needs.bucket === "sweep"
          ? ["s3:DeleteObject", "s3:ListBucket"]
          : []),
    ...(needs.bus ? ["events:PutEvents"] : []),
    ...(needs.mail ? ["ses:SendEmail"] : []),
    ...(needs.liftsSuppressions ? ["ses:DeleteSuppressedDestination"] : []),
    ...(needs.userPool === "read" ? ["cognito-idp:AdminGetUser"] : []),
    ...(expectedSecrets(needs).length ? ["ssm:GetParameters"] : []),
  ].sort();
}

/**
 * What every function gets whatever it declares, touching no data: tracing (CDK), and for a
 * subscriber, sending a failed event to its dead-letter queue (the on-failure destination).
 */
const isDelivery = (st: Record<string, any>) =>
  [st.Action].flat().every((a: string) => a.startsWith("xray:")) ||
  ([st.Action].flat().every((a: string) => a.startsWith("sqs:")) && /SubscriberDeadLetters/.test(JSON.stringify(st.Resource)));

const grantedActions = (t: Template, functionId: string, checkedApart: (st: Record<string, any>) => boolean = () => false) =>
  [
    ...new Set(
      statementsOf(t, functionId)
        .filter((st) => !isDelivery(st) && !checkedApart(st))
        .flatMap((st) => [st.Action].flat() as string[]),
    ),
  ].sort();

function expectGranted(
  t: Template,
  functionId: string,
  needs: Needs,
  s: Synthesized,
  isRoute: boolean,
  checkedApart: (st: Record<string, any>) => boolean = () => false,
) {
  expect(grantedActions(t, functionId, checkedApart)).toEqual(expectedActions(needs));

  const statements = statementsOf(t, functionId).filter((st) => !checkedApart(st));
  for (const st of statements) expect(st.Effect).toBe("Allow");
  const resourcesOf = (action: string) => JSON.stringify(statements.filter((st) => [st.Action].flat().includes(action)).map((st) => st.Resource));
  if (needs.table) {
    expect(resourcesOf("dynamodb:Query")).toMatch(/Storage:ExportsOutputFnGetAttTable.*Arn/);
    expect(resourcesOf("dynamodb:Query")).toContain("/index/*");
    expect(resourcesOf("dynamodb:Query")).not.toContain('"*"');
  }
  if (needs.bucket)
    expect(resourcesOf(needs.bucket === "sweep" ? "s3:DeleteObject" : "s3:GetObject")).toMatch(/Storage:ExportsOutputFnGetAttEvidence.*Arn.*\/\*/);
  // listing is granted on the bucket, never on its objects
  if (needs.bucket === "write" || needs.bucket === "sweep") expect(resourcesOf("s3:ListBucket")).not.toContain("/*");
  // the bus's own ARN: imported by the API's functions, referenced directly by the subscribers in its stack
  if (needs.bus) expect(resourcesOf("events:PutEvents")).toMatch(/Events:ExportsOutputFnGetAttBus.*Arn|"Fn::GetAtt":\["BusEventBus[0-9A-F]+","Arn"\]/);
  if (needs.mail) expect(resourcesOf("ses:SendEmail")).toMatch(/:ses:us-east-1:[^:]+:identity\/\*/);
  // and the configuration set every message names (its events fill the suppression list)
  if (needs.mail)
    expect(resourcesOf("ses:SendEmail")).toMatch(/:ses:us-east-1:[^"]+:configuration-set\/",\{"Fn::ImportValue":"[^"]*Storage:ExportsOutputRefMail/);
  if (needs.userPool === "read") expect(resourcesOf("cognito-idp:AdminGetUser")).toMatch(/Auth:ExportsOutputFnGetAttAuthUserPool.*Arn/);

  // Only the declared secrets (and the suppression list's key with mail) are bound, readable and placed in the environment.
  const secrets = expectedSecrets(needs);
  expect([...(s.functions.get(functionId)?.secrets ?? [])].sort()).toEqual(secrets);
  const readable = [...resourcesOf("ssm:GetParameters").matchAll(/\/Secret\/([A-Z_]+)\/value/g)].map((m) => m[1]);
  expect([...new Set(readable)].sort()).toEqual(secrets);
  const env = environmentOf(t, functionId);
  const boundInEnv = Object.keys(env)
    .filter((k) => k.startsWith("SST_Secret_value_"))
    .map((k) => k.slice("SST_Secret_value_".length))
    .sort();
  expect(boundInEnv).toEqual(secrets);

  // Resource names and settings only where declared.
  expect("TABLE_NAME" in env).toBe(Boolean(needs.table));
  expect("BUCKET_NAME" in env).toBe(Boolean(needs.bucket));
  expect("EVENT_BUS_NAME" in env).toBe(Boolean(needs.bus));
  expect("MAIL_DRIVER" in env).toBe(Boolean(needs.mail));
  expect("MAIL_CONFIGURATION_SET" in env).toBe(Boolean(needs.mail || needs.mailFeedback));
  expect("MAIL_RATE_PER_SECOND" in env).toBe(Boolean(needs.mail));
  expect("USER_POOL_ID" in env).toBe(Boolean(needs.userPool));
  // every route's function checks the origin secret before any work (REQUIRE_ORIGIN_SECRET); a
  // subscriber, which no request reaches, has none
  expect("ORIGIN_SECRET" in env).toBe(isRoute);
  expect(env.REQUIRE_ORIGIN_SECRET).toBe(isRoute ? "true" : undefined);
  for (const name of SETTING_NAMES) {
    expect(name in env, name).toBe(Boolean(needs.settings?.includes(name)));
  }
}

let s: Synthesized;
beforeAll(async () => {
  s = await synthesize({ CAPTCHA_SITE_KEY: "site-key-under-test" });
});

describe("every API route's Lambda gets exactly what its route declares", () => {
  it.each(routes)("$method $path", (route) => {
    const t = templateOfRoute(s, route);
    expectGranted(t, routeFunctionId(t, routeKey(route)), route.needs, s, true);
  });

  it.each(["GET /api/health", "GET /api/config"])("%s has no data rights and no secrets", (key) => {
    const functionId = routeFunctionId(s.templates.Api, key);
    expect(grantedActions(s.templates.Api, functionId)).toEqual([]);
    expect(s.functions.get(functionId)?.secrets).toEqual([]);
    const env = environmentOf(s.templates.Api, functionId);
    // the origin secret only proves the request came through CloudFront: it opens no data
    expect(Object.keys(env).filter((k) => /TABLE|BUCKET|BUS|SECRET|SST_Secret/.test(k))).toEqual(["ORIGIN_SECRET", "REQUIRE_ORIGIN_SECRET"]);
  });

  it("gives signing the table, the bus and the captcha secret, and the admin lookups the user pool", () => {
    // Spot checks of the declarations themselves, from what the handlers do.
    const needs = (key: string) => routes.find((r) => routeKey(r) === key)!.needs;
    expect(needs("POST /api/petitions/{id}/signatures")).toMatchObject({ table: "write", bus: true, secrets: ["CAPTCHA_SECRET"] });
    for (const r of routes.filter((r) => r.access === "admin" && ["PATCH", "DELETE"].includes(r.method))) {
      expect(r.needs, routeKey(r)).toMatchObject({ table: "write", userPool: "read" });
    }
  });
});

describe("the suppression list's and deletion requests' keyed person hash (AUDIT_HASH_KEY)", () => {
  /** The Lambdas that compute a person's kept hash without sending mail or acting on SES's events. */
  const KEYED_ROUTES = [
    "POST /api/newsletter/confirm",
    "POST /api/privacy/records",
    "POST /api/privacy/export",
    "POST /api/privacy/erase",
    "GET /api/admin/mail/suppressions",
    "GET /api/admin/privacy/requests",
  ];
  const KEYED_SUBSCRIBERS = ["report-newsletter", "lead-newsletter", "privacy-erasure", "mail-feedback"];

  it("is bound to every Lambda that sends mail or acts on SES's events, without declaring it", () => {
    const senders = [...routes, ...subscribers, ...schedules, ...streamConsumers].filter((x) => x.needs.mail || x.needs.mailFeedback);
    expect(senders.length).toBeGreaterThan(10);
    for (const x of senders) {
      const functionId = [...s.functions].find(([, f]) => f.handler === x.handler)?.[0];
      expect(functionId, x.handler).toBeDefined();
      expect(s.functions.get(functionId!)?.secrets, x.handler).toContain("AUDIT_HASH_KEY");
    }
  });

  it("is declared by every other reader of the suppression list or searcher of deletion requests", () => {
    for (const key of KEYED_ROUTES) expect(routes.find((r) => routeKey(r) === key)?.needs.secrets, key).toContain("AUDIT_HASH_KEY");
    for (const name of KEYED_SUBSCRIBERS) expect(secretsOf(subscribers.find((x) => x.name === name)!.needs), name).toContain("AUDIT_HASH_KEY");
  });

  it("is not needed to lift a suppression: the console sends the kept hash it listed", () => {
    expect(routes.find((r) => routeKey(r) === "POST /api/admin/mail/suppressions/lift")?.needs.secrets ?? []).not.toContain("AUDIT_HASH_KEY");
  });
});

describe("every subscriber's Lambda gets exactly what it declares", () => {
  it.each(subscribers)("$name", (sub) => {
    const rule = ofType(s.templates.Events, "AWS::Events::Rule").find(([, r]) => r.Properties.Name === `${STAGE}-timeshare-advocacy-${sub.name}`);
    expect(rule, sub.name).toBeDefined();
    expectGranted(s.templates.Events, refId(rule![1].Properties.Targets[0].Arn), sub.needs, s, false);
  });

  it("lets a repeat's e-mail queue it and drain the queue: mail, the mail secrets, the site's address, the domain brake's allowance, when notices become digests and the report and guide notices' hourly allowance (whose digests the drain sends)", () => {
    const repeated = subscribers.find((x) => x.name === "signature-repeated-email")!.needs;
    expect(repeated).toMatchObject({ table: "write", mail: true });
    expect([...(repeated.settings ?? [])].sort()).toEqual([
      "ADMIN_NOTICES_PER_HOUR",
      "ADMIN_NOTICE_DIGEST_SECONDS",
      "ADMIN_NOTICE_DIGEST_THRESHOLD",
      "MAIL_DOMAIN_ALLOWANCE_PER_HOUR",
      "MAIL_NETWORK_ALLOWANCE_PER_HOUR",
      "SITE_URL",
    ]);
    // (and the key of signers' withdraw links: a drain renders every kind of queued e-mail)
    expect([...(repeated.secrets ?? [])].sort()).toEqual(["ADMIN_NOTIFY_RECIPIENTS", "LINK_SIGNING_SECRET", "MAIL_FROM"]);
  });
});

/** What Lambda's event source mapping needs of the consumer's role: reading the table's stream, on its ARN only. */
const STREAM_READ = ["dynamodb:DescribeStream", "dynamodb:GetRecords", "dynamodb:GetShardIterator", "dynamodb:ListStreams"];

describe("every stream consumer's Lambda gets exactly what it declares, and the table's stream", () => {
  it.each(streamConsumers)("$name", (consumer) => {
    const t = s.templates.Events;
    const functionId = [...s.functions].find(([id, f]) => f.handler === consumer.handler && id in resources(t))?.[0];
    expect(functionId, consumer.name).toBeDefined();
    const streamStatements = statementsOf(t, functionId!).filter((st) => [st.Action].flat().some((a: string) => STREAM_READ.includes(a)));
    expect(streamStatements.flatMap((st) => [st.Action].flat()).sort()).toEqual(STREAM_READ);
    // the stream's ARN (its table's export), never "*"
    expect(JSON.stringify(streamStatements.map((st) => st.Resource))).toMatch(/Storage:ExportsOutputFnGetAttTable[^"]*StreamArn/);
    expectGranted(t, functionId!, consumer.needs, s, false, (st) => streamStatements.includes(st));
  });

  it("maps the stream with the consumer's filters, batch and window, its failed batches to the dead-letter queue", () => {
    // (the table's stream's mappings: the dead-letter queue's recorder has its own, stacks/test/dead-letter-alarms.test.ts)
    const mappings = ofType(s.templates.Events, "AWS::Lambda::EventSourceMapping")
      .map(([, r]) => r as unknown as { Properties: Record<string, any> })
      .filter((m) => JSON.stringify(m.Properties.EventSourceArn).includes("StreamArn"));
    expect(mappings).toHaveLength(streamConsumers.length);
    for (const consumer of streamConsumers) {
      const mapping = mappings.find(
        (m) => JSON.stringify(m.Properties.FilterCriteria) === JSON.stringify({ Filters: consumer.filters.map((f) => ({ Pattern: JSON.stringify(f) })) }),
      );
      expect(mapping, consumer.name).toBeDefined();
      expect(mapping!.Properties).toMatchObject({
        BatchSize: consumer.batchSize,
        MaximumBatchingWindowInSeconds: consumer.windowSeconds,
        FunctionResponseTypes: ["ReportBatchItemFailures"],
        MaximumRecordAgeInSeconds: 86_400,
        StartingPosition: "TRIM_HORIZON",
      });
      expect(JSON.stringify(mapping!.Properties.DestinationConfig)).toMatch(/SubscriberDeadLetters/);
    }
  });
});

describe("every scheduled job's Lambda gets exactly what it declares", () => {
  it.each(schedules)("$name", (job) => {
    const t = Template.fromStack(getStack(Schedules));
    const functionId = [...s.functions].find(([id, f]) => f.handler === job.handler && id in resources(t))?.[0];
    expect(functionId, job.name).toBeDefined();
    expectGranted(t, functionId!, job.needs, s, false);
  });

  it("lets the orphaned-evidence sweep read report keys, list the bucket and delete, and neither read nor write a file or an item", () => {
    expect(schedules.find((j) => j.name === "orphan-evidence-sweep")?.needs).toEqual({ table: "read", bucket: "sweep" });
  });
});
