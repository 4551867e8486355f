import { Template } from "aws-cdk-lib/assertions";
import { RetentionDays } from "aws-cdk-lib/aws-logs";
import { getStack } from "sst/constructs";
import { beforeAll, describe, expect, it } from "vitest";
import { Schedules } from "../Schedules";
import { synthesize, type Synthesized } from "./synth";
import { ofType, refId, resources } from "./template";

/**
 * Logs are kept one month (docs/architecture.md "Security model"): the API's access log and every
 * function's log group. An access log line names the client's IP and the request's path.
 */
let s: Synthesized;
let templates: Record<string, Template>;
beforeAll(async () => {
  s = await synthesize();
  templates = { ...s.templates, Schedules: Template.fromStack(getStack(Schedules)) };
});

describe("log retention", () => {
  it("keeps the API's access log one month, logging the route and path but never the query string", () => {
    const api = s.templates.Api;
    const [stage] = ofType(api, "AWS::ApiGatewayV2::Stage").map(([, r]) => r.Properties);
    expect(stage.AccessLogSettings).toBeDefined();
    const groupId = refId(stage.AccessLogSettings.DestinationArn);
    const group = resources(api)[groupId];
    expect(group.Type).toBe("AWS::Logs::LogGroup");
    expect(group.Properties.RetentionInDays).toBe(RetentionDays.ONE_MONTH);
    // HTTP API's $context.path holds no query string; nothing else that could carry one is logged
    const format = String(stage.AccessLogSettings.Format);
    expect(format).toContain("$context.routeKey");
    expect(format).not.toMatch(/querystring|requestOverride|\$input|\$request/i);
    // every log group a stack creates is kept one month
    for (const [name, t] of Object.entries(templates)) {
      for (const [id, g] of ofType(t, "AWS::Logs::LogGroup")) expect(g.Properties.RetentionInDays, `${name}/${id}`).toBe(RetentionDays.ONE_MONTH);
    }
  });

  it.each(["Storage", "Auth", "Events", "Api", "AdminApi", "Web", "Schedules"])("keeps the log group of every function of %s one month", (name) => {
    const t = templates[name];
    const retention = new Map(
      ofType(t, "Custom::LogRetention").map(([, r]) => [refId(r.Properties.LogGroupName["Fn::Join"][1][1]), r.Properties.RetentionInDays]),
    );
    // SST's functions (routes, subscribers, schedules, jobs); CDK's own singleton helpers (custom resource providers) log no visitor data
    const ours = ofType(t, "AWS::Lambda::Function").filter(([id]) => [...s.functions.keys()].includes(id));
    for (const [id] of ours) expect(retention.get(id), `${name}/${id}`).toBe(RetentionDays.ONE_MONTH);
    if (["Api", "AdminApi", "Events", "Schedules"].includes(name)) expect(ours.length).toBeGreaterThan(0);
  });
});
