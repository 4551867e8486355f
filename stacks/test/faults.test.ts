import { Stack, type CfnElement } from "aws-cdk-lib";
import { Template } from "aws-cdk-lib/assertions";
import { Function as SstFunction } from "sst/constructs";
import { beforeAll, describe, expect, it } from "vitest";
import { everyFault, formatFaults } from "../../packages/core/src/faults/spec";
import { routeKey, routes } from "../../packages/functions/src/routes";
import { deploySettings } from "../deploy-settings";
import { FIS_CONFIG_PREFIX, FIS_EXEC_WRAPPER, REHEARSAL_ROUTES } from "../fault-switch";
import { STAGE, synthesize, type Synthesized } from "./synth";
import { ofType, refId, resources, routeFunctionId, statementsOf, type Resource } from "./template";

/**
 * Issue 42's deployed side: a staging stage (FAULT_REHEARSALS=on) gets the AWS FIS experiment templates
 * (stacks/Faults.ts) and the parameter every function reads its FAULTS from (stacks/fault-switch.ts);
 * every other stage, prod above all, gets none of it. (The dead-letter queues' alarms: dead-letter-alarms.test.ts.)
 */
const LAYER = "arn:aws:lambda:us-east-1:123456789012:layer:aws-fis-extension-arm64:9";
const PARAMETER = `/timeshare-advocacy/${STAGE}/faults`;
const ON = { FAULT_REHEARSALS: "on", FIS_LAMBDA_EXTENSION_LAYER_ARN: LAYER };
/** The parameter's ARN, as a template formats it: this account and region's, no wildcard. */
const PARAMETER_ARN = /^\{"Fn::Join":\["",\["arn:",\{"Ref":"AWS::Partition"\},":ssm:us-east-1:[\w-]+:parameter\/timeshare-advocacy\/test\/faults"\]\]\}$/;

let off: Synthesized;
let on: Synthesized;
beforeAll(async () => {
  off = await synthesize({ FAULT_REHEARSALS: "off" });
  on = await synthesize(ON);
});

/** Every stack of the app (Schedules and Faults too), by its id. */
const stacksOf = (s: Synthesized) =>
  Object.fromEntries(s.app.node.children.filter((c) => c instanceof Stack).map((st) => [st.node.id.replace(`${STAGE}-timeshare-advocacy-`, ""), st as Stack]));
const templateCache = new Map<Stack, Template>();
const templateOf = (stack: Stack) => templateCache.get(stack) ?? templateCache.set(stack, Template.fromStack(stack)).get(stack)!;
const templates = (s: Synthesized) => Object.values(stacksOf(s)).map(templateOf);
const faultsTemplate = () => templateOf(stacksOf(on).Faults);

/** Every SST function of the app: its template and logical id. */
const functionsOf = (s: Synthesized) =>
  s.app.node
    .findAll()
    .filter((n) => n instanceof SstFunction)
    .map((fn) => ({ t: templateOf(Stack.of(fn)), id: Stack.of(fn).getLogicalId(fn.node.defaultChild as CfnElement), path: fn.node.path }));

const experiments = (): Record<string, Record<string, any>> =>
  Object.fromEntries(ofType(faultsTemplate(), "AWS::FIS::ExperimentTemplate").map(([, r]) => [r.Properties.Tags.experiment, r.Properties]));
const roleOf = (template: Record<string, any>) => resources(faultsTemplate())[refId(template.RoleArn)];
const statementsOfRole = (role: Resource) => role.Properties.Policies.flatMap((p: any) => p.PolicyDocument.Statement);
const actionsOf = (statements: Record<string, any>[]) => statements.flatMap((st) => [st.Action].flat()).sort();

/** The Api stack's function behind each export the Faults stack imports, by the export's name. */
function importedFunctions(importValues: Record<string, any>[]) {
  const api = templateOf(stacksOf(on).Api);
  const outputs = Object.values(api.toJSON().Outputs as Record<string, { Value: any; Export?: { Name: string } }>);
  return importValues.map((v) => {
    const output = outputs.find((o) => o.Export?.Name === v["Fn::ImportValue"]);
    expect(output, JSON.stringify(v)).toBeDefined();
    return refId(output!.Value);
  });
}
const rehearsedFunctionIds = () => REHEARSAL_ROUTES.map((key) => routeFunctionId(templateOf(stacksOf(on).Api), key));

describe("FAULT_REHEARSALS off (the default, and prod's)", () => {
  it("creates no experiment, no parameter, no document, no Faults stack", () => {
    expect(Object.keys(stacksOf(off))).not.toContain("Faults");
    for (const t of templates(off)) {
      for (const type of ["AWS::FIS::ExperimentTemplate", "AWS::SSM::Parameter", "AWS::SSM::Document"]) expect(ofType(t, type)).toEqual([]);
    }
  });

  it("gives no function FAULTS_PARAMETER, the FIS extension or a parameter to read", () => {
    const fns = functionsOf(off);
    expect(fns.length).toBeGreaterThan(50);
    for (const { t, id, path } of fns) {
      const { Environment, Layers } = resources(t)[id].Properties;
      expect(
        Object.keys(Environment?.Variables ?? {}).filter((k) => /FAULTS|AWS_FIS|EXEC_WRAPPER/.test(k)),
        path,
      ).toEqual([]);
      expect(Layers, path).toBeUndefined();
      expect(actionsOf(statementsOf(t, id)), path).not.toContain("ssm:GetParameter");
    }
  });
});

describe("FAULT_REHEARSALS on (a staging stage)", () => {
  it('keeps the stage\'s FAULTS in one String parameter, "none" between experiments', () => {
    const parameters = templates(on).flatMap((t) => ofType(t, "AWS::SSM::Parameter"));
    expect(parameters.map(([, p]) => p.Properties)).toEqual([expect.objectContaining({ Name: PARAMETER, Type: "String", Value: "none" })]);
  });

  it("gives every function the parameter's name and reading that one parameter alone", () => {
    const fns = functionsOf(on);
    expect(fns.length).toBe(functionsOf(off).length);
    for (const { t, id, path } of fns) {
      expect(resources(t)[id].Properties.Environment.Variables.FAULTS_PARAMETER, path).toBe(PARAMETER);
      const reads = statementsOf(t, id).filter((st) => [st.Action].flat().includes("ssm:GetParameter"));
      expect(
        reads.map((st) => [st.Action].flat()),
        path,
      ).toEqual([["ssm:GetParameter"]]);
      expect(JSON.stringify(reads[0].Resource), path).toMatch(PARAMETER_ARN);
    }
  });

  it("puts the FIS Lambda extension on the rehearsed functions alone, reading the FIS folder of its bucket", () => {
    const api = templateOf(stacksOf(on).Api);
    const [[bucketId]] = ofType(api, "AWS::S3::Bucket");
    const rehearsed = rehearsedFunctionIds();
    for (const { t, id, path } of functionsOf(on)) {
      const { Environment, Layers } = resources(t)[id].Properties;
      const reads = statementsOf(t, id).filter((st) => JSON.stringify(st.Resource).includes(bucketId));
      if (!(t === api && rehearsed.includes(id))) {
        expect(Layers, path).toBeUndefined();
        expect(Environment.Variables.AWS_LAMBDA_EXEC_WRAPPER, path).toBeUndefined();
        expect(reads, path).toEqual([]);
        continue;
      }
      expect(Layers, path).toEqual([LAYER]);
      expect(Environment.Variables.AWS_LAMBDA_EXEC_WRAPPER).toBe(FIS_EXEC_WRAPPER);
      expect(Environment.Variables.AWS_FIS_CONFIGURATION_LOCATION).toEqual({
        "Fn::Join": ["", [{ "Fn::GetAtt": [bucketId, "Arn"] }, `/${FIS_CONFIG_PREFIX}`]],
      });
      expect(reads).toEqual([
        expect.objectContaining({
          Action: "s3:ListBucket",
          Condition: { StringLike: { "s3:prefix": [`${FIS_CONFIG_PREFIX}*`] } },
          Resource: { "Fn::GetAtt": [bucketId, "Arn"] },
        }),
        expect.objectContaining({ Action: "s3:GetObject", Resource: { "Fn::Join": ["", [{ "Fn::GetAtt": [bucketId, "Arn"] }, `/${FIS_CONFIG_PREFIX}*`]] } }),
      ]);
    }
  });

  it("rehearses the bench's busy public forms: signing, a confirmation, a report and its evidence, a guide, the newsletter, the erasure", () => {
    expect([...REHEARSAL_ROUTES].sort()).toEqual(
      [
        "POST /api/petitions/{id}/signatures",
        "POST /api/petitions/{id}/signatures/{signatureId}/confirm",
        "POST /api/reports/uploads",
        "POST /api/reports",
        "POST /api/leads/{form}",
        "POST /api/newsletter/confirm",
        "POST /api/privacy/erase",
      ].sort(),
    );
    for (const key of REHEARSAL_ROUTES) expect(routes.map(routeKey), key).toContain(key);
    expect(new Set(rehearsedFunctionIds()).size).toBe(REHEARSAL_ROUTES.length);
  });

  it("describes three experiments, each tagged, described, stopped by the dead-letter and 5xx alarms, with a role of its own", () => {
    const all = experiments();
    expect(Object.keys(all).sort()).toEqual(["lambda-delays", "lambda-errors", "service-faults"]);
    const [[serverErrorsId, serverErrors]] = ofType(faultsTemplate(), "AWS::CloudWatch::Alarm");
    const metrics = serverErrors.Properties.Metrics.filter((m: any) => m.MetricStat).map((m: any) => m.MetricStat.Metric);
    expect(metrics.map((m: any) => [m.Namespace, m.MetricName, m.Dimensions[0].Name])).toEqual([
      ["AWS/ApiGateway", "5xx", "ApiId"],
      ["AWS/ApiGateway", "Count", "ApiId"],
    ]);
    expect(serverErrors.Properties).toMatchObject({ Threshold: 10, EvaluationPeriods: 2, ComparisonOperator: "GreaterThanThreshold" });
    const events = templateOf(stacksOf(on).Events);
    const exported = Object.values(events.toJSON().Outputs as Record<string, { Value: any; Export?: { Name: string } }>);
    for (const [name, template] of Object.entries(all)) {
      expect(template.Description, name).toMatch(/\w{10}/);
      expect(template.Tags, name).toEqual({ Name: `timeshare-advocacy-${STAGE}-${name}`, app: "timeshare-advocacy", stage: STAGE, experiment: name });
      expect(template.StopConditions).toHaveLength(2);
      const [deadLetters, fiveXx] = template.StopConditions;
      expect(fiveXx).toEqual({ Source: "aws:cloudwatch:alarm", Value: { "Fn::GetAtt": [serverErrorsId, "Arn"] } });
      const dlqExport = exported.find((o) => o.Export?.Name === deadLetters.Value["Fn::ImportValue"]);
      expect(refId(dlqExport!.Value)).toMatch(/^SubscriberDeadLettersAlarm/);
      expect(deadLetters.Source).toBe("aws:cloudwatch:alarm");
    }
    expect(new Set(Object.values(all).map((t) => refId(t.RoleArn))).size).toBe(3);
  });

  it('service-faults: an automation puts every fault at 3 % in the parameter, sleeps the experiment\'s length, puts "none" back', () => {
    const { Actions, Targets } = experiments()["service-faults"];
    expect(Targets).toEqual({});
    const [action] = Object.values(Actions) as Record<string, any>[];
    expect(action.ActionId).toBe("aws:ssm:start-automation-execution");
    expect(JSON.parse(action.Parameters.documentParameters)).toEqual({ Faults: formatFaults(everyFault(0.03)), Duration: "PT10M" });
    expect(action.Parameters.maxDuration).toBe("PT15M");
    const [[documentId, document]] = ofType(faultsTemplate(), "AWS::SSM::Document");
    expect(JSON.stringify(action.Parameters.documentArn)).toContain(`:document/",{"Ref":"${documentId}"}`);

    expect(document.Properties.DocumentType).toBe("Automation");
    const { mainSteps, assumeRole, parameters } = document.Properties.Content;
    expect(parameters.Faults.default).toBe(formatFaults(everyFault(0.03)));
    const put = (value: string) => ({ Service: "ssm", Api: "PutParameter", Name: PARAMETER, Value: value, Type: "String", Overwrite: true });
    expect(mainSteps.map((s: any) => [s.action, s.inputs])).toEqual([
      ["aws:executeAwsApi", put("{{ Faults }}")],
      ["aws:sleep", { Duration: "{{ Duration }}" }],
      ["aws:executeAwsApi", put("none")],
    ]);
    // a failed step, or the automation stopped by FIS (a stop condition, or stopped by hand), restores "none"
    for (const step of mainSteps.slice(0, 2)) expect(step).toMatchObject({ onFailure: "step:restoreNoFaults", onCancel: "step:restoreNoFaults" });
    expect(mainSteps[2]).toMatchObject({ name: "restoreNoFaults", isEnd: true });

    const automationRole = resources(faultsTemplate())[refId(assumeRole)];
    expect(automationRole.Properties.AssumeRolePolicyDocument.Statement[0].Principal).toEqual({ Service: "ssm.amazonaws.com" });
    const [put1] = statementsOfRole(automationRole);
    expect(statementsOfRole(automationRole)).toHaveLength(1);
    expect(put1.Action).toBe("ssm:PutParameter");
    expect(JSON.stringify(put1.Resource)).toMatch(PARAMETER_ARN);
  });

  it("service-faults' role starts, watches and stops that automation, and passes it its role, nothing else", () => {
    const role = roleOf(experiments()["service-faults"]);
    const statements = statementsOfRole(role);
    expect(actionsOf(statements)).toEqual(["iam:PassRole", "ssm:GetAutomationExecution", "ssm:StartAutomationExecution", "ssm:StopAutomationExecution"]);
    const [[documentId]] = ofType(faultsTemplate(), "AWS::SSM::Document");
    const start = statements.find((st: any) => st.Action === "ssm:StartAutomationExecution");
    expect(JSON.stringify(start.Resource)).toContain(`:document/",{"Ref":"${documentId}"}`);
    expect(JSON.stringify(start.Resource)).toContain(`:automation-definition/",{"Ref":"${documentId}"},":*"`);
    const pass = statements.find((st: any) => st.Action === "iam:PassRole");
    expect(refId(pass.Resource)).toMatch(/^FaultsAutomationRole/);
    expect(pass.Condition).toEqual({ StringEquals: { "iam:PassedToService": "ssm.amazonaws.com" } });
    expect(JSON.stringify(statements)).not.toContain('"Resource":"*"');
  });

  it.each([
    ["lambda-errors", "aws:lambda:invocation-error"],
    ["lambda-delays", "aws:lambda:invocation-add-delay"],
  ])("%s: %s on exactly the rehearsed functions, at 3 % for 10 minutes", (name, actionId) => {
    const { Actions, Targets } = experiments()[name];
    const [action] = Object.values(Actions) as Record<string, any>[];
    expect(action.ActionId).toBe(actionId);
    expect(action.Targets).toEqual({ Functions: "Functions" });
    expect(action.Parameters).toMatchObject({ duration: "PT10M", invocationPercentage: "3" });
    expect(Targets.Functions).toMatchObject({ ResourceType: "aws:lambda:function", SelectionMode: "ALL" });
    expect(importedFunctions(Targets.Functions.ResourceArns).sort()).toEqual(rehearsedFunctionIds().sort());

    const api = templateOf(stacksOf(on).Api);
    if (name === "lambda-errors") expect(action.Parameters.preventExecution).toBe("false");
    else {
      const timeouts = rehearsedFunctionIds().map((id) => resources(api)[id].Properties.Timeout * 1000);
      expect(Number(action.Parameters.startupDelayMilliseconds)).toBeGreaterThan(Math.max(...timeouts));
      expect(Number(action.Parameters.startupDelayMilliseconds)).toBeLessThanOrEqual(900_000);
    }
  });

  it.each(["lambda-errors", "lambda-delays"])("%s' role writes FIS's folder, reads those functions and looks tags up, nothing else", (name) => {
    const role = roleOf(experiments()[name]);
    const statements = statementsOfRole(role);
    expect(actionsOf(statements)).toEqual(["lambda:GetFunction", "s3:DeleteObject", "s3:PutObject", "tag:GetResources"]);
    const [[bucketId]] = ofType(templateOf(stacksOf(on).Api), "AWS::S3::Bucket");
    const write = statements.find((st: any) => [st.Action].flat().includes("s3:PutObject"));
    expect(JSON.stringify(write.Resource)).toMatch(new RegExp(`${bucketId}Arn.*/${FIS_CONFIG_PREFIX}\\*`));
    const inspect = statements.find((st: any) => st.Action === "lambda:GetFunction");
    expect(importedFunctions(inspect.Resource).sort()).toEqual(rehearsedFunctionIds().sort());
    expect(statements.find((st: any) => st.Action === "tag:GetResources").Resource).toBe("*");
  });

  it("lets FIS take an experiment role for this account's experiments alone", () => {
    for (const template of Object.values(experiments())) {
      const [trust] = roleOf(template).Properties.AssumeRolePolicyDocument.Statement;
      expect(trust.Principal).toEqual({ Service: "fis.amazonaws.com" });
      expect(Object.keys(trust.Condition).sort()).toEqual(["ArnLike", "StringEquals"]);
      expect(trust.Condition.StringEquals).toEqual({ "aws:SourceAccount": stacksOf(on).Faults.account });
      expect(JSON.stringify(trust.Condition.ArnLike)).toContain(":experiment/*");
    }
    // and no policy attached beside their own
    const roleIds = Object.values(experiments()).map((t) => refId(t.RoleArn));
    const attached = ofType(faultsTemplate(), "AWS::IAM::Policy").flatMap(([, p]) => p.Properties.Roles.map(refId));
    expect(attached.filter((id) => roleIds.includes(id))).toEqual([]);
  });
});

describe("the settings", () => {
  it("stop synthesis on a bad FAULT_REHEARSALS, naming it", async () => {
    await expect(synthesize({ FAULT_REHEARSALS: "yes" })).rejects.toThrow(/FAULT_REHEARSALS/);
  });

  it("stop synthesis on FAULT_REHEARSALS=on without the extension's layer, naming the setting and its pattern", async () => {
    await expect(synthesize({ FAULT_REHEARSALS: "on" })).rejects.toThrow(/FIS_LAMBDA_EXTENSION_LAYER_ARN.*aws-fis-extension-arm64/);
  });

  it("refuse another architecture's layer or another region's, and rehearsals on prod", async () => {
    const x86 = LAYER.replace("arm64", "x86_64");
    expect(() => deploySettings("staging", { ...ON, FIS_LAMBDA_EXTENSION_LAYER_ARN: x86 })).toThrow(/FIS_LAMBDA_EXTENSION_LAYER_ARN/);
    expect(() => deploySettings("prod", ON)).toThrow(/FAULT_REHEARSALS=on is for a staging stage/);
    expect(deploySettings("staging", ON)).toMatchObject(ON);
    await expect(synthesize({ ...ON, FIS_LAMBDA_EXTENSION_LAYER_ARN: LAYER.replace("us-east-1", "eu-west-1") })).rejects.toThrow(/eu-west-1/);
  });
});
