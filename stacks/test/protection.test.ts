import { deploySettings, PUBLIC_WRITE_FAIR_CLIENTS } from "../deploy-settings";
import { Settings } from "../../packages/core/src/config";
import { beforeAll, describe, expect, it } from "vitest";
import { isPublicWrite, routeKey, routes } from "../../packages/functions/src/routes";
import { subscribers } from "../../packages/functions/src/subscribers";
import { LAMBDA_UNRESERVED_MINIMUM } from "../concurrency";
import { synthesize, templateOfRoute, type Synthesized } from "./synth";
import { ofType, refId, resources, routeFunctionId } from "./template";

/** Throttling, reserved concurrency, the dead-letter alarm and admin accounts, with default settings (stage "test"). */
let s: Synthesized;
beforeAll(async () => {
  for (const name of [
    "API_THROTTLE_RATE",
    "API_THROTTLE_BURST",
    "API_SIGN_THROTTLE_RATE",
    "API_SIGN_THROTTLE_BURST",
    "SIGN_RESERVED_CONCURRENCY",
    "SIGN_MEMORY_MB",
    "API_PUBLIC_WRITE_THROTTLE_RATE",
    "API_PUBLIC_WRITE_THROTTLE_BURST",
    "PUBLIC_WRITE_RESERVED_CONCURRENCY",
    "ADMIN_MFA",
    "ALARM_EMAIL",
    "WAF_RATE_LIMIT",
  ]) {
    delete process.env[name];
  }
  s = await synthesize();
});

const stageOf = () => {
  const stages = ofType(s.templates.Api, "AWS::ApiGatewayV2::Stage");
  expect(stages).toHaveLength(1);
  return stages[0];
};

const SIGNING = "POST /api/petitions/{id}/signatures";

describe('API throttling (docs/architecture.md "Capacity": sized for 10,000 signatures/s)', () => {
  it("limits the whole stage above signing's own limit", () => {
    const [, stage] = stageOf();
    expect(stage.Properties.DefaultRouteSettings).toMatchObject({ ThrottlingRateLimit: 12_000, ThrottlingBurstLimit: 6_000 });
  });

  it("lets signing take 10,000 requests/s; every other public write route 1,000; the beacon its own", () => {
    const [, stage] = stageOf();
    expect(routes.filter((r) => r.surge).map(routeKey)).toEqual([SIGNING]);
    const publicWrites = routes.filter((r) => isPublicWrite(r) && !r.surge).map(routeKey);
    const beacons = routes.filter((r) => r.beacon).map(routeKey);
    expect(beacons).toEqual(["POST /api/events"]);
    expect(Object.keys(stage.Properties.RouteSettings).sort()).toEqual([...publicWrites, ...beacons, SIGNING].sort());
    expect(stage.Properties.RouteSettings[SIGNING]).toEqual({ ThrottlingRateLimit: 10_000, ThrottlingBurstLimit: 5_000 });
    expect(stage.Properties.RouteSettings["POST /api/events"]).toEqual({ ThrottlingRateLimit: 1000, ThrottlingBurstLimit: 2000 });
    for (const key of publicWrites) {
      const limit = stage.Properties.RouteSettings[key];
      expect(limit).toEqual({ ThrottlingRateLimit: 1000, ThrottlingBurstLimit: 2000 });
      expect(limit.ThrottlingRateLimit).toBeLessThan(stage.Properties.DefaultRouteSettings.ThrottlingRateLimit);
    }
  });

  it("sizes each public write route's bucket so no one client fills it: PUBLIC_WRITE_FAIR_CLIENTS at the busiest per-client limit (review N2)", () => {
    const [, stage] = stageOf();
    // the in-app per-client limits of the public writes (the beacon's is its own route's)
    const defaults = Settings.parse({});
    const perClient = Object.entries(defaults)
      .filter(([name]) => name.endsWith("_RATE_LIMIT_PER_MINUTE") && name !== "BEACON_RATE_LIMIT_PER_MINUTE")
      .map(([, perMinute]) => Number(perMinute) / 60);
    expect(perClient.length).toBeGreaterThanOrEqual(6);
    const busiest = Math.max(...perClient);
    for (const key of routes.filter((r) => isPublicWrite(r) && !r.surge).map(routeKey)) {
      expect(stage.Properties.RouteSettings[key].ThrottlingRateLimit, key).toBeGreaterThanOrEqual(PUBLIC_WRITE_FAIR_CLIENTS * busiest);
    }
  });

  it("creates the routes before the stage that names them", () => {
    const [stageId] = stageOf();
    const dependsOn = (s.templates.Api.toJSON().Resources[stageId].DependsOn ?? []) as string[];
    for (const key of routes.filter(isPublicWrite).map(routeKey)) {
      const [routeId] = ofType(s.templates.Api, "AWS::ApiGatewayV2::Route").find(([, r]) => r.Properties.RouteKey === key)!;
      expect(dependsOn, key).toContain(routeId);
    }
  });
});

describe("reserved concurrency and memory", () => {
  it("reserves 600 for signing at 1,024 MB, caps each other public write function, leaves admin functions and subscribers to the rest", () => {
    for (const route of routes) {
      const t = templateOfRoute(s, route);
      const fn = resources(t)[routeFunctionId(t, routeKey(route))];
      const expected = route.surge ? 600 : isPublicWrite(route) ? (route.quiet ? 3 : 10) : undefined;
      expect(fn.Properties.ReservedConcurrentExecutions, routeKey(route)).toBe(expected);
      if (route.surge) expect(fn.Properties.MemorySize).toBe(1024);
    }
    for (const [, fn] of ofType(s.templates.Events, "AWS::Lambda::Function")) {
      expect(fn.Properties.ReservedConcurrentExecutions).toBeUndefined();
    }
  });

  it("reserves 600 + 10 a busy public form + 3 a quiet one, leaving at least 250 of an account's default 1,000 to the stream consumer, subscribers, drainer and console in a surge", () => {
    const total = Object.values(s.templates)
      .flatMap((t) => ofType(t, "AWS::Lambda::Function"))
      .reduce((sum, [, fn]) => sum + (fn.Properties.ReservedConcurrentExecutions ?? 0), 0);
    const busy = routes.filter((r) => isPublicWrite(r) && !r.surge && !r.quiet).length;
    const quiet = routes.filter((r) => isPublicWrite(r) && r.quiet).length;
    expect(quiet).toBeGreaterThanOrEqual(11);
    expect(total).toBe(600 + 10 * busy + 3 * quiet);
    expect(total).toBeLessThanOrEqual(1000 - Math.max(LAMBDA_UNRESERVED_MINIMUM, deploySettings("prod", {}).LAMBDA_SURGE_ROOM));
  });
});

describe("dead-letter alarm", () => {
  it("alarms as soon as one event arrives in the subscribers' dead-letter queue (its recorder takes it off at once)", () => {
    const events = s.templates.Events;
    const rule = ofType(events, "AWS::Events::Rule").find(([, r]) => r.Properties.Name.endsWith(subscribers[0].name))!;
    const queueId = refId(rule[1].Properties.Targets[0].DeadLetterConfig.Arn);
    // the other alarms are SES's reputation (stacks.test.ts) and the queue's unrecorded letters (dead-letter-alarms.test.ts)
    const alarms = ofType(events, "AWS::CloudWatch::Alarm").filter(([, a]) => a.Properties.MetricName === "NumberOfMessagesSent");
    expect(alarms).toHaveLength(1);
    const [, alarm] = alarms[0];
    expect(alarm.Properties).toMatchObject({
      Namespace: "AWS/SQS",
      Statistic: "Sum",
      Threshold: 0,
      ComparisonOperator: "GreaterThanThreshold",
      EvaluationPeriods: 1,
      TreatMissingData: "notBreaching",
    });
    expect(alarm.Properties.Dimensions).toEqual([{ Name: "QueueName", Value: { "Fn::GetAtt": [queueId, "QueueName"] } }]);
    const [topicId] = ofType(events, "AWS::SNS::Topic").map(([id]) => id);
    expect(alarm.Properties.AlarmActions).toEqual([{ Ref: topicId }]);
  });

  it("subscribes no e-mail address unless ALARM_EMAIL is set", () => {
    expect(ofType(s.templates.Events, "AWS::SNS::Subscription")).toEqual([]);
  });
});

describe("admin accounts", () => {
  const pool = () => ofType(s.templates.Auth, "AWS::Cognito::UserPool")[0][1].Properties;
  const client = () => ofType(s.templates.Auth, "AWS::Cognito::UserPoolClient")[0][1].Properties;

  it("offers TOTP MFA, never SMS, and does not require it outside prod by default", () => {
    expect(pool().MfaConfiguration).toBe("OPTIONAL");
    expect(pool().EnabledMfas).toEqual(["SOFTWARE_TOKEN_MFA"]);
  });

  it("does not let administrators change their own e-mail, phone number or verified flags", () => {
    const writable: string[] = client().WriteAttributes;
    expect(writable.length).toBeGreaterThan(0); // an empty list would mean "every attribute" to Cognito
    for (const attribute of ["email", "email_verified", "phone_number", "phone_number_verified"]) {
      expect(writable).not.toContain(attribute);
    }
    expect(writable.filter((a) => a.startsWith("custom:"))).toEqual([]);
  });
});
