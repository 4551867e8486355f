import type { Template } from "aws-cdk-lib/assertions";
import { beforeAll, describe, expect, it } from "vitest";
import { cognitoOrigin, evidenceOrigin, securityHeaders } from "../../packages/core/src/request/security-headers";
import { embedSecurityHeaders } from "../../packages/core/src/site/embed-headers";
import { embedResponse } from "../../packages/core/src/site/embed-response";
import { routeKey, routes } from "../../packages/functions/src/routes";
import { wafRateLimit } from "../waf";
import { ALERT_CORRECTION_PATH, ALERT_LOOKUP_BEHAVIOR_PATH, PUBLIC_COUNT_PATH, PUBLIC_READ_PATHS } from "../Web";
import { ALERT_EDGE_CACHE, alertCacheControl } from "../../packages/core/src/alerts/edge-cache";
import { PUBLIC_COUNT_CACHE, publicCountCacheControl } from "../../packages/core/src/signature/public-count-info";
import { PETITION_EDGE_CACHE, originRequestsPerSecond } from "../../packages/core/src/petition/edge-cache";
import { synthesize } from "./synth";
import { environmentOf, ofType, refId, resources, routeFunctionId } from "./template";

let off: Record<"Api" | "AdminApi" | "Web", Template>;
let on: Record<"Api" | "AdminApi" | "Web", Template>;
let byDefault: Record<"Api" | "AdminApi" | "Web", Template>;

beforeAll(async () => {
  on = (await synthesize({ WAF_RATE_LIMIT: "2000" })).templates;
  off = (await synthesize({ WAF_RATE_LIMIT: "off" })).templates;
  delete process.env.WAF_RATE_LIMIT;
  byDefault = (await synthesize()).templates;
});

const distribution = (t: Template) => ofType(t, "AWS::CloudFront::Distribution")[0][1].Properties.DistributionConfig;
const apiBehavior = (t: Template) => distribution(t).CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === "/api/*");

/** Stands for the evidence bucket's name, which CloudFormation fills in from the Storage stack. */
const EVIDENCE_BUCKET = "evidence-bucket-name";

/** A value the template may build with Fn::Join; the only reference allowed in it is the evidence bucket's name. */
function joined(value: unknown): string {
  if (typeof value === "string") return value;
  const [separator, parts] = (value as { "Fn::Join": [string, unknown[]] })["Fn::Join"];
  return parts
    .map((part) => {
      if (typeof part === "string") return part;
      expect(JSON.stringify(part)).toMatch(/^\{"Fn::ImportValue":"[^"]*Storage:ExportsOutputRefEvidenceBucket[^"]*"\}$/);
      return EVIDENCE_BUCKET;
    })
    .join(separator);
}

/** The headers a CloudFront response headers policy adds, as the browser receives them. */
function headersOf(policy: Record<string, any>): Record<string, string> {
  const s = policy.SecurityHeadersConfig;
  const headers: Record<string, string> = {
    "Content-Security-Policy": joined(s.ContentSecurityPolicy.ContentSecurityPolicy),
    "Strict-Transport-Security": `max-age=${s.StrictTransportSecurity.AccessControlMaxAgeSec}${s.StrictTransportSecurity.IncludeSubdomains ? "; includeSubDomains" : ""}${s.StrictTransportSecurity.Preload ? "; preload" : ""}`,
    ...(s.FrameOptions ? { "X-Frame-Options": s.FrameOptions.FrameOption } : {}),
    "Referrer-Policy": s.ReferrerPolicy.ReferrerPolicy,
    ...(s.ContentTypeOptions ? { "X-Content-Type-Options": "nosniff" } : {}),
  };
  for (const h of policy.CustomHeadersConfig?.Items ?? []) headers[h.Header] = h.Value;
  for (const config of Object.values(s) as { Override?: boolean }[]) expect(config.Override).toBe(true);
  return headers;
}

/** The secret a `{{resolve:secretsmanager:...}}` dynamic reference reads, as the JSON of its ARN. */
const resolvedSecret = (value: unknown) => {
  const json = JSON.stringify(value);
  expect(json).toMatch(/\{\{resolve:secretsmanager:.*:SecretString:::\}\}/);
  return json;
};

describe("origin secret", () => {
  it("is generated per stage by Secrets Manager, never written in the template", () => {
    const secrets = ofType(off.Api, "AWS::SecretsManager::Secret");
    expect(secrets).toHaveLength(1);
    const [[, secret]] = secrets;
    expect(secret.Properties.GenerateSecretString).toMatchObject({ PasswordLength: 48, ExcludePunctuation: true });
    expect(secret.Properties.SecretString).toBeUndefined();
  });

  it("is given as ORIGIN_SECRET to every API function, each required to refuse a request without it (REQUIRE_ORIGIN_SECRET)", () => {
    const [[secretId]] = ofType(off.Api, "AWS::SecretsManager::Secret");
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      // the administrators' routes are the AdminApi stack's (stacks/AdminApi.ts): they import the Api stack's secret
      const t = route.access === "admin" ? off.AdminApi : off.Api;
      const env = environmentOf(t, routeFunctionId(t, routeKey(route)));
      expect(resolvedSecret(env.ORIGIN_SECRET), routeKey(route)).toContain(t === off.Api ? `"Ref":"${secretId}"` : `Api:ExportsOutputRef${secretId}`);
      expect(env.REQUIRE_ORIGIN_SECRET, routeKey(route)).toBe("true");
    }
  });

  it("is added by CloudFront to every /api/* origin request as x-origin-verify", () => {
    const origin = distribution(off.Web).Origins.find((o: { Id: string }) => o.Id === apiBehavior(off.Web).TargetOriginId);
    expect(origin.OriginCustomHeaders).toHaveLength(1);
    const [header] = origin.OriginCustomHeaders;
    expect(header.HeaderName).toBe("x-origin-verify");
    expect(resolvedSecret(header.HeaderValue)).toMatch(/Fn::ImportValue.*Api.*OriginSecret/);
  });

  it("is not among the headers CloudFront forwards from the viewer", () => {
    const policyId = refId(apiBehavior(off.Web).OriginRequestPolicyId);
    const forwarded: string[] = resources(off.Web)[policyId].Properties.OriginRequestPolicyConfig.HeadersConfig.Headers;
    expect(forwarded.map((h) => h.toLowerCase())).not.toContain("x-origin-verify");
  });
});

describe('reads at the edge (docs/architecture.md "Capacity")', () => {
  const behaviors = (t: Template) => distribution(t).CacheBehaviors as { PathPattern: string; [k: string]: any }[];

  it("caches the petition and its count by the API's s-maxage, one copy for every visitor, before /api/*", () => {
    const all = behaviors(off.Web);
    const apiAt = all.findIndex((b) => b.PathPattern === "/api/*");
    for (const pattern of PUBLIC_READ_PATHS) {
      const at = all.findIndex((b) => b.PathPattern === pattern);
      expect(at, pattern).toBeGreaterThanOrEqual(0);
      // CloudFront takes the first matching behaviour: the cached reads must come before /api/*
      expect(at, pattern).toBeLessThan(apiAt);
      const behavior = all[at];
      expect(behavior.TargetOriginId).toBe(apiBehavior(off.Web).TargetOriginId);
      expect(behavior.OriginRequestPolicyId).toEqual(apiBehavior(off.Web).OriginRequestPolicyId);
      expect(behavior.ResponseHeadersPolicyId).toEqual(apiBehavior(off.Web).ResponseHeadersPolicyId);
      const policy = resources(off.Web)[refId(behavior.CachePolicyId)].Properties.CachePolicyConfig;
      expect(policy).toMatchObject({ MinTTL: 0, DefaultTTL: 0 });
      expect(policy.MaxTTL).toBeGreaterThanOrEqual(PETITION_EDGE_CACHE.sMaxAge);
      const key = policy.ParametersInCacheKeyAndForwardedToOrigin;
      expect(key.HeadersConfig.HeaderBehavior).toBe("none");
      expect(key.CookiesConfig.CookieBehavior).toBe("none");
      expect(key.QueryStringsConfig.QueryStringBehavior).toBe("none");
    }
    expect(PUBLIC_READ_PATHS).toEqual(["/api/petitions/*", "/api/signatures/count"]);
  });

  it("caches the public count (docs/public-api.md) by the API's s-maxage, at most a minute, one copy for every viewer, before /api/*", () => {
    const all = behaviors(off.Web);
    const at = all.findIndex((b) => b.PathPattern === PUBLIC_COUNT_PATH);
    expect(PUBLIC_COUNT_PATH).toBe("/api/public/*");
    expect(at).toBeGreaterThanOrEqual(0);
    expect(at).toBeLessThan(all.findIndex((b) => b.PathPattern === "/api/*"));
    const behavior = all[at];
    expect(behavior.TargetOriginId).toBe(apiBehavior(off.Web).TargetOriginId);
    expect(behavior.AllowedMethods).toEqual(["GET", "HEAD"]);
    const policy = resources(off.Web)[refId(behavior.CachePolicyId)].Properties.CachePolicyConfig;
    // the edge keeps what the API's s-maxage says, never longer than the minute it promises
    expect(policy).toMatchObject({ MinTTL: 0, DefaultTTL: 0, MaxTTL: 60 });
    expect(PUBLIC_COUNT_CACHE.sMaxAge).toBe(60);
    expect(publicCountCacheControl()).toBe("public, max-age=60, s-maxage=60");
    const key = policy.ParametersInCacheKeyAndForwardedToOrigin;
    expect(key.HeadersConfig.HeaderBehavior).toBe("none");
    expect(key.CookiesConfig.CookieBehavior).toBe("none");
    expect(key.QueryStringsConfig.QueryStringBehavior).toBe("none");
  });

  it("caches the scam alert lookup as the public count, but a copy per q and cursor; lets a correction request (POST) through; before /api/public/*", () => {
    const all = behaviors(off.Web);
    const publicAt = all.findIndex((b) => b.PathPattern === PUBLIC_COUNT_PATH);
    const lookupAt = all.findIndex((b) => b.PathPattern === ALERT_LOOKUP_BEHAVIOR_PATH);
    const correctionAt = all.findIndex((b) => b.PathPattern === ALERT_CORRECTION_PATH);
    expect(ALERT_LOOKUP_BEHAVIOR_PATH).toBe("/api/public/scam-alerts");
    expect(lookupAt).toBeGreaterThanOrEqual(0);
    expect(correctionAt).toBeGreaterThanOrEqual(0);
    // CloudFront takes the first matching behaviour: both must come before /api/public/*
    expect(lookupAt).toBeLessThan(publicAt);
    expect(correctionAt).toBeLessThan(publicAt);

    const lookup = all[lookupAt];
    expect(lookup.TargetOriginId).toBe(apiBehavior(off.Web).TargetOriginId);
    expect(lookup.AllowedMethods).toEqual(["GET", "HEAD"]);
    const policy = resources(off.Web)[refId(lookup.CachePolicyId)].Properties.CachePolicyConfig;
    expect(policy).toMatchObject({ MinTTL: 0, DefaultTTL: 0, MaxTTL: 60 });
    expect(ALERT_EDGE_CACHE.sMaxAge).toBe(60);
    expect(alertCacheControl()).toBe("public, max-age=60, s-maxage=60");
    const key = policy.ParametersInCacheKeyAndForwardedToOrigin;
    expect(key.HeadersConfig.HeaderBehavior).toBe("none");
    expect(key.CookiesConfig.CookieBehavior).toBe("none");
    expect(key.QueryStringsConfig).toEqual({ QueryStringBehavior: "whitelist", QueryStrings: ["q", "cursor"] });

    // one alert (/api/public/scam-alerts/{slug}) is the public count's behaviour: the same minute, no query string
    const correction = all[correctionAt];
    expect(correction.AllowedMethods).toEqual(expect.arrayContaining(["POST"]));
    expect(correction.CachePolicyId).toEqual(apiBehavior(off.Web).CachePolicyId);
    expect(correction.OriginRequestPolicyId).toEqual(apiBehavior(off.Web).OriginRequestPolicyId);
    // an alert's page (its share card) goes to the API, as a petition's
    expect(all.find((b) => b.PathPattern === "/scam-alerts/*")?.TargetOriginId).toBe(apiBehavior(off.Web).TargetOriginId);
  });

  it("reaches the API through Origin Shield, so a cached object costs the origin one request per s-maxage", () => {
    const origin = distribution(off.Web).Origins.find((o: { Id: string }) => o.Id === apiBehavior(off.Web).TargetOriginId);
    expect(origin.OriginShield).toEqual({ Enabled: true, OriginShieldRegion: "us-east-1" });
    expect(originRequestsPerSecond({ openPages: 100_000 })).toBeLessThanOrEqual(50);
  });
});

describe("security headers", () => {
  const policies = () => ofType(off.Web, "AWS::CloudFront::ResponseHeadersPolicy");
  /** The site's policy (framing forbidden) and the widget's (any site may frame it). */
  const sitePolicy = () => policies().find(([, p]) => p.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.FrameOptions)!;
  const embedPolicy = () => policies().find(([, p]) => !p.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.FrameOptions)!;

  it("come from one response headers policy equal to the shared definition, on pages and on /api/*", () => {
    expect(policies()).toHaveLength(2);
    const [policyId, policy] = sitePolicy();
    expect(headersOf(policy.Properties.ResponseHeadersPolicyConfig)).toEqual(
      securityHeaders({ cognitoOrigin: cognitoOrigin("us-east-1"), evidenceOrigin: evidenceOrigin(EVIDENCE_BUCKET, "us-east-1") }),
    );
    expect(distribution(off.Web).DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    expect(apiBehavior(off.Web).ResponseHeadersPolicyId).toEqual({ Ref: policyId });
  });

  it("let other sites frame the embeddable widget only: its behaviour has the widget's own policy, every other the site's", () => {
    const [embedId, policy] = embedPolicy();
    expect(headersOf(policy.Properties.ResponseHeadersPolicyConfig)).toEqual(embedSecurityHeaders());
    expect(embedSecurityHeaders()["Content-Security-Policy"]).toContain("frame-ancestors *");
    const [siteId] = sitePolicy();
    const all = distribution(off.Web).CacheBehaviors as { PathPattern: string; ResponseHeadersPolicyId: unknown }[];
    const framed = all.filter((b) => JSON.stringify(b.ResponseHeadersPolicyId) === JSON.stringify({ Ref: embedId })).map((b) => b.PathPattern);
    expect(framed).toEqual(["/embed/petition/*"]);
    for (const b of all.filter((b) => b.PathPattern !== "/embed/petition/*")) expect(b.ResponseHeadersPolicyId, b.PathPattern).toEqual({ Ref: siteId });
  });

  it("answer the widget at the edge with a function that gives the local server's answer, headers included", () => {
    const embed = distribution(off.Web).CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === "/embed/petition/*");
    const [association] = embed.FunctionAssociations;
    expect(association.EventType).toBe("viewer-request");
    const fn = resources(off.Web)[refId(association.FunctionARN)].Properties;
    expect(fn.FunctionConfig.Runtime).toBe("cloudfront-js-2.0");
    expect(Buffer.byteLength(fn.FunctionCode)).toBeLessThan(10_240);
    // run the function as CloudFront would, and compare with the answer the local server gives
    const handler = new Function(`${fn.FunctionCode}; return handler;`)() as (e: unknown) => any;
    for (const [id, status] of [
      ["timeshare-reform", 200],
      ["NOT%20AN%20ID", 404],
    ] as const) {
      const res = handler({ request: { uri: `/embed/petition/${id}`, headers: {} } });
      const local = embedResponse(`/embed/petition/${id}`)!;
      expect(res.statusCode).toBe(status);
      expect(local.statusCode).toBe(status);
      expect(res.body).toEqual({ encoding: "text", data: local.body });
      expect(Object.fromEntries(Object.entries(res.headers as Record<string, { value: string }>).map(([k, v]) => [k, v.value]))).toEqual(
        Object.fromEntries(Object.entries(local.headers).map(([k, v]) => [k.toLowerCase(), v])),
      );
    }
    expect(embedResponse("/sign/timeshare-reform")).toBeUndefined();
  });
});

describe("WAF", () => {
  it("is on by default: one client cannot take a route's throttle from everyone (5,000 requests per 5 minutes per IP)", () => {
    const [[aclId, acl]] = ofType(byDefault.Web, "AWS::WAFv2::WebACL");
    expect(acl.Properties.Rules[0].Statement.RateBasedStatement).toMatchObject({ Limit: 5000, AggregateKeyType: "IP", EvaluationWindowSec: 300 });
    expect(distribution(byDefault.Web).WebACLId).toEqual({ "Fn::GetAtt": [aclId, "Arn"] });
  });

  it("is off with WAF_RATE_LIMIT=off: no web ACL, none on the distribution", () => {
    expect(ofType(off.Web, "AWS::WAFv2::WebACL")).toHaveLength(0);
    expect(distribution(off.Web).WebACLId).toBeUndefined();
  });

  it("with WAF_RATE_LIMIT, blocks an IP over the limit per 5 minutes on the whole distribution", () => {
    const acls = ofType(on.Web, "AWS::WAFv2::WebACL");
    expect(acls).toHaveLength(1);
    const [[aclId, acl]] = acls;
    expect(acl.Properties.Scope).toBe("CLOUDFRONT");
    expect(acl.Properties.DefaultAction).toEqual({ Allow: {} });
    expect(acl.Properties.Rules).toHaveLength(2);
    const [rule] = acl.Properties.Rules;
    expect(rule.Statement.RateBasedStatement).toMatchObject({ Limit: 2000, AggregateKeyType: "IP", EvaluationWindowSec: 300 });
    expect(rule.Action).toEqual({ Block: { CustomResponse: { ResponseCode: 429 } } });
    expect(distribution(on.Web).WebACLId).toEqual({ "Fn::GetAtt": [aclId, "Arn"] });
  });

  it("counts no cached file, and counts form posts (not the console's, not the beacon's) under a tighter limit (review M2, N2)", () => {
    const [[, acl]] = ofType(byDefault.Web, "AWS::WAFv2::WebACL");
    const prefixes = (statement: { ByteMatchStatement?: { SearchString: string }; OrStatement?: { Statements: unknown[] } }): string[] =>
      statement.OrStatement ? statement.OrStatement.Statements.flatMap((s) => prefixes(s as typeof statement)) : [statement.ByteMatchStatement!.SearchString];
    const [all, forms] = acl.Properties.Rules;
    expect(prefixes(all.Statement.RateBasedStatement.ScopeDownStatement.NotStatement.Statement).sort()).toEqual(
      ["/assets/", "/favicon.svg", "/share-images/"].sort(),
    );
    expect(forms.Name).toBe("form-posts-per-ip");
    expect(forms.Action).toEqual({ Block: { CustomResponse: { ResponseCode: 429 } } });
    const rate = forms.Statement.RateBasedStatement;
    expect([rate.Limit, rate.AggregateKeyType, rate.EvaluationWindowSec]).toEqual([300, "IP", 300]);
    const [method, api, except] = rate.ScopeDownStatement.AndStatement.Statements;
    expect([method.ByteMatchStatement.FieldToMatch, method.ByteMatchStatement.SearchString]).toEqual([{ Method: {} }, "POST"]);
    expect(prefixes(api)).toEqual(["/api/"]);
    expect(prefixes(except.NotStatement.Statement).sort()).toEqual(["/api/admin/", "/api/events"]);
  });

  it("refuses a WAF_RATE_LIMIT that AWS WAF would not accept, naming the setting", () => {
    expect(wafRateLimit(undefined)).toBe(5000);
    expect(wafRateLimit("")).toBe(5000);
    expect(wafRateLimit("off")).toBeUndefined();
    expect(wafRateLimit("500")).toBe(500);
    for (const bad of ["9", "12.5", "lots", "-100", "3000000000"]) expect(() => wafRateLimit(bad)).toThrow(/WAF_RATE_LIMIT/);
  });
});
