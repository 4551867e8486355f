import { beforeAll, describe, expect, it } from "vitest";
import { isPublicWrite, routeKey, routes } from "../../packages/functions/src/routes";
import { checkReservedConcurrency } from "../concurrency";
import { deploySettings, siteUrl } from "../deploy-settings";
import { synthesize, type Synthesized } from "./synth";
import { ofType, resources, routeFunctionId } from "./template";

/** The protective limits' deploy-time settings reach the templates; bad values stop the deploy. */
let s: Synthesized;
beforeAll(async () => {
  s = await synthesize({
    API_THROTTLE_RATE: "300",
    API_THROTTLE_BURST: "600",
    API_PUBLIC_WRITE_THROTTLE_RATE: "7",
    API_PUBLIC_WRITE_THROTTLE_BURST: "9",
    PUBLIC_WRITE_RESERVED_CONCURRENCY: "off",
    PUBLIC_QUIET_RESERVED_CONCURRENCY: "off",
    API_SIGN_THROTTLE_RATE: "4000",
    API_SIGN_THROTTLE_BURST: "2000",
    SIGN_RESERVED_CONCURRENCY: "off",
    SIGN_MEMORY_MB: "2048",
    ADMIN_MFA: "required",
    ALARM_EMAIL: "ops@example.org",
    TABLE_WARM_WRITE_UNITS: "120000",
    INDEX_WARM_WRITE_UNITS: "20000",
  });
});

describe("deploy-time settings", () => {
  it("set the stage and public write throttles", () => {
    const [[, stage]] = ofType(s.templates.Api, "AWS::ApiGatewayV2::Stage");
    expect(stage.Properties.DefaultRouteSettings).toMatchObject({ ThrottlingRateLimit: 300, ThrottlingBurstLimit: 600 });
    expect(stage.Properties.RouteSettings["POST /api/reports"]).toEqual({ ThrottlingRateLimit: 7, ThrottlingBurstLimit: 9 });
    expect(stage.Properties.RouteSettings["POST /api/petitions/{id}/signatures"]).toEqual({ ThrottlingRateLimit: 4000, ThrottlingBurstLimit: 2000 });
  });

  it('"off" reserves no concurrency, for accounts with a small concurrency quota; signing takes its memory', () => {
    for (const route of routes.filter(isPublicWrite)) {
      const fn = resources(s.templates.Api)[routeFunctionId(s.templates.Api, routeKey(route))];
      expect(fn.Properties.ReservedConcurrentExecutions).toBeUndefined();
      if (route.surge) expect(fn.Properties.MemorySize).toBe(2048);
    }
  });

  it("ADMIN_MFA=required requires TOTP outside prod too", () => {
    const [[, pool]] = ofType(s.templates.Auth, "AWS::Cognito::UserPool");
    expect(pool.Properties).toMatchObject({ MfaConfiguration: "ON", EnabledMfas: ["SOFTWARE_TOKEN_MFA"] });
  });

  it("warm throughput reaches the table and, when set, each global index", () => {
    const [[, table]] = ofType(s.templates.Storage, "AWS::DynamoDB::Table");
    expect(table.Properties.WarmThroughput).toEqual({ WriteUnitsPerSecond: 120_000, ReadUnitsPerSecond: 40_000 });
    const indexes = table.Properties.GlobalSecondaryIndexes as { IndexName: string; WarmThroughput?: unknown }[];
    expect(indexes.length).toBeGreaterThan(0);
    for (const index of indexes) expect(index.WarmThroughput, index.IndexName).toEqual({ WriteUnitsPerSecond: 20_000 });
  });

  it("ALARM_EMAIL subscribes that address to the alarm topic", () => {
    const [[topicId]] = ofType(s.templates.Events, "AWS::SNS::Topic");
    const subscriptions = ofType(s.templates.Events, "AWS::SNS::Subscription").map(([, r]) => r.Properties);
    expect(subscriptions).toEqual([{ Protocol: "email", Endpoint: "ops@example.org", TopicArn: { Ref: topicId } }]);
  });
});

describe("reserved concurrency against the account's quota", () => {
  it("stops the synthesis, naming the settings, when the reservations would leave a surge's unreserved functions less than LAMBDA_SURGE_ROOM", async () => {
    const settings = ["LAMBDA_CONCURRENCY_QUOTA", "SIGN_RESERVED_CONCURRENCY", "PUBLIC_WRITE_RESERVED_CONCURRENCY", "LAMBDA_SURGE_ROOM"] as const;
    const before = Object.fromEntries(settings.map((n) => [n, process.env[n]]));
    try {
      // the defaults: 600 + 10 a busy public form + 3 a quiet one reserved; the quota must leave 250 beside them
      const defaults = { SIGN_RESERVED_CONCURRENCY: "600", PUBLIC_WRITE_RESERVED_CONCURRENCY: "10", LAMBDA_SURGE_ROOM: "250" };
      const busy = routes.filter((r) => isPublicWrite(r) && !r.surge && !r.quiet).length;
      const quiet = routes.filter((r) => isPublicWrite(r) && r.quiet).length;
      const total = 600 + 10 * busy + 3 * quiet;
      await expect(synthesize({ ...defaults, LAMBDA_CONCURRENCY_QUOTA: String(total + 249) })).rejects.toThrow(
        new RegExp(
          `Reserved concurrency ${total} .*leaves less than 250 unreserved of LAMBDA_CONCURRENCY_QUOTA=${total + 249}: lower SIGN_RESERVED_CONCURRENCY, PUBLIC_WRITE_RESERVED_CONCURRENCY or PUBLIC_QUIET_RESERVED_CONCURRENCY`,
        ),
      );
      await expect(synthesize({ ...defaults, LAMBDA_CONCURRENCY_QUOTA: String(total + 250) })).resolves.toBeDefined();
    } finally {
      for (const n of settings) {
        if (before[n] === undefined) delete process.env[n];
        else process.env[n] = before[n];
      }
    }
  });

  it("sums each function once, shared or not", () => {
    expect(
      checkReservedConcurrency(
        new Map([
          ["sign", 600],
          ["report", 20],
        ]),
        720,
      ),
    ).toBe(620);
    expect(() =>
      checkReservedConcurrency(
        new Map([
          ["sign", 600],
          ["report", 21],
        ]),
        720,
      ),
    ).toThrow(/Reserved concurrency 621 \(2 functions; sign 600, report 21/);
  });
});

describe("deploySettings", () => {
  it("has defaults that fit an ordinary account, MFA required on prod only", () => {
    expect(deploySettings("prod", {})).toEqual({
      API_THROTTLE_RATE: 12_000,
      API_THROTTLE_BURST: 6_000,
      API_SIGN_THROTTLE_RATE: 10_000,
      API_SIGN_THROTTLE_BURST: 5_000,
      SIGN_RESERVED_CONCURRENCY: 600,
      SIGN_MEMORY_MB: 1024,
      WAF_RATE_LIMIT: 5_000,
      WAF_WRITE_RATE_LIMIT: 300,
      API_PUBLIC_WRITE_THROTTLE_RATE: 1000,
      API_PUBLIC_WRITE_THROTTLE_BURST: 2000,
      API_BEACON_THROTTLE_RATE: 1000,
      API_BEACON_THROTTLE_BURST: 2000,
      PUBLIC_WRITE_RESERVED_CONCURRENCY: 10,
      PUBLIC_QUIET_RESERVED_CONCURRENCY: 3,
      LAMBDA_CONCURRENCY_QUOTA: 1000,
      LAMBDA_SURGE_ROOM: 250,
      TABLE_WARM_WRITE_UNITS: 40_000,
      TABLE_WARM_READ_UNITS: 40_000,
      INDEX_WARM_WRITE_UNITS: undefined,
      ADMIN_MFA: "required",
    });
    expect(deploySettings("dev", {}).ADMIN_MFA).toBe("optional");
    expect(deploySettings("prod", { ADMIN_MFA: "optional" }).ADMIN_MFA).toBe("optional");
    expect(deploySettings("dev", { PUBLIC_WRITE_RESERVED_CONCURRENCY: "5" }).PUBLIC_WRITE_RESERVED_CONCURRENCY).toBe(5);
    expect(deploySettings("dev", { WAF_RATE_LIMIT: "off", SIGN_RESERVED_CONCURRENCY: "off" })).toMatchObject({
      WAF_RATE_LIMIT: undefined,
      SIGN_RESERVED_CONCURRENCY: undefined,
    });
  });

  it.each([
    [{ API_THROTTLE_RATE: "fast" }, /API_THROTTLE_RATE.*"fast"/],
    [{ API_PUBLIC_WRITE_THROTTLE_BURST: "0" }, /API_PUBLIC_WRITE_THROTTLE_BURST.*"0"/],
    [{ PUBLIC_WRITE_RESERVED_CONCURRENCY: "-3" }, /PUBLIC_WRITE_RESERVED_CONCURRENCY.*"-3"/],
    [{ ADMIN_MFA: "sms" }, /ADMIN_MFA.*"sms"/],
    // below what a new on-demand table serves anyway
    [{ TABLE_WARM_WRITE_UNITS: "1000" }, /TABLE_WARM_WRITE_UNITS.*"1000"/],
    [{ ALARM_EMAIL: "ops" }, /ALARM_EMAIL.*"ops"/],
    [{ SITE_URL: "owners.example.org" }, /SITE_URL.*"owners.example.org"/],
    [{ DONATION_URL: "http://pay.example.org" }, /DONATION_URL.*"http:\/\/pay.example.org"/],
  ])("refuses %j with the setting's name", (env, message) => {
    expect(() => deploySettings("dev", env)).toThrow(message);
    expect(() => deploySettings("dev", env)).toThrow(/^Invalid deploy setting/);
  });
});

describe("siteUrl", () => {
  it("is SITE_URL's origin, and a deploy without it stops with a clear message", () => {
    expect(siteUrl({ SITE_URL: "https://owners.example.org/" })).toBe("https://owners.example.org");
    expect(() => siteUrl({})).toThrow(/SITE_URL is required to deploy/);
  });
});
