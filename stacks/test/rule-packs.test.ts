import { CfnResource, Stack } from "aws-cdk-lib";
import type { CfnFunction } from "aws-cdk-lib/aws-lambda";
import { AwsSolutionsChecks, type INagLogger, type NagLoggerBaseData } from "cdk-nag";
import { Function as SstFunction } from "sst/constructs";
import { beforeAll, describe, expect, it } from "vitest";
import { guardException, RULE_EXCEPTIONS, suppressRuleExceptions, type Json, type RuleException } from "../rule-packs";
import { runGuard, type GuardFinding } from "./guard";
import { synthesize } from "./synth";

/**
 * AWS's own rule sets on every stack of the app (issue 39, item 7): cdk-nag's AwsSolutions pack, and
 * the Control Tower proactive controls as CloudFormation Guard rules (./guard.ts). Whatever they flag
 * is fixed in the stacks or excused, with its reason, in stacks/rule-packs.ts; any other finding fails,
 * warnings included, and so does an exception that no longer answers anything.
 */
let stackNames: string[];
const nagFindings: string[] = [];
const nagRulesRun = new Set<string>();
const used = new Set<RuleException>();
let guard: { findings: GuardFinding[]; applied: number; total: number };
const guardLeft: string[] = [];

const where = (d: NagLoggerBaseData) => d.resource.node.path;
const exceptionByReason = (reason: string) => RULE_EXCEPTIONS.find((e) => reason === e.reason || reason.endsWith(`] ${e.reason}`));

beforeAll(async () => {
  const { app } = await synthesize();

  // The runtime SST gives a function when it builds it in app.finish() (deploy), which the offline
  // synthesis leaves at a placeholder (nodejs22.x): cdk-nag's L1 judges the runtime deployed.
  for (const fn of app.node.findAll()) {
    if (!(fn instanceof SstFunction)) continue;
    const runtime: unknown = fn.getConstructMetadata().data.runtime;
    if (typeof runtime === "string" && runtime.startsWith("nodejs")) (fn.node.defaultChild as CfnFunction).runtime = runtime;
  }

  const assembly = app.synth({ force: true });
  const stacks = app.node.children.filter(Stack.isStack);
  stackNames = stacks.map((st) => st.node.id);
  const templates = Object.fromEntries(stacks.map((st) => [st.stackName, assembly.getStackByName(st.stackName).template]));
  const propsOf = (r: CfnResource): Json => templates[Stack.of(r).stackName].Resources[Stack.of(r).getLogicalId(r)]?.Properties ?? {};

  // cdk-nag: the pack's visit of every construct, as its aspect makes at synth
  suppressRuleExceptions(app, propsOf);
  const logger: INagLogger = {
    onCompliance: (d) => nagRulesRun.add(d.ruleId),
    onNotApplicable: (d) => nagRulesRun.add(d.ruleId),
    onNonCompliance: (d) => {
      nagRulesRun.add(d.ruleId);
      nagFindings.push(`${d.ruleId} (${d.ruleLevel}) ${where(d)}${d.findingId ? ` [${d.findingId}]` : ""}: ${d.ruleInfo}`);
    },
    onSuppressed: (d) => {
      nagRulesRun.add(d.ruleId);
      const e = exceptionByReason(d.suppressionReason);
      if (e) used.add(e);
    },
    onError: (d) => nagFindings.push(`${d.ruleId} could not judge ${where(d)}: ${d.errorMessage}`),
    onSuppressedError: (d) => nagFindings.push(`${d.ruleId} could not judge ${where(d)}: ${d.errorMessage}`),
  };
  const checks = new AwsSolutionsChecks({ reports: false, additionalLoggers: [logger] });
  for (const node of app.node.findAll()) checks.visit(node);

  // Guard: each finding mapped back to its resource and the exception that answers it, if any
  guard = runGuard(templates);
  const byLogicalId = new Map(
    app.node
      .findAll()
      .filter((c): c is CfnResource => c instanceof CfnResource)
      .map((r) => [`${Stack.of(r).stackName}/${Stack.of(r).getLogicalId(r)}`, r]),
  );
  for (const f of guard.findings) {
    const resource = byLogicalId.get(`${f.template}/${f.logicalId}`);
    const e = resource && guardException(f.control, resource, propsOf);
    if (e) used.add(e);
    else guardLeft.push(`${f.control} ${resource?.node.path ?? `${f.template}/${f.logicalId}`}: ${f.description}`);
  }
});

describe("AWS's rule packs", () => {
  it("run on every stack of the app", () => {
    expect(stackNames.map((id) => id.replace(/^.*-/, ""))).toEqual(expect.arrayContaining(["Storage", "Auth", "Events", "Api", "Web", "Schedules"]));
    expect(nagRulesRun.size).toBeGreaterThan(50);
    expect(guard.applied).toBeGreaterThan(20);
  });

  it("cdk-nag's AwsSolutions pack finds nothing that is neither fixed nor excused, warnings included", () => {
    expect(nagFindings).toEqual([]);
  });

  it("Control Tower's Guard rules find nothing that is neither fixed nor excused", () => {
    expect(guardLeft).toEqual([]);
  });

  it("excuses nothing that is no longer found", () => {
    expect(RULE_EXCEPTIONS.filter((e) => !used.has(e)).map((e) => `${[...(e.nag ?? []), ...(e.guard ?? [])].join(", ")}: ${e.reason.slice(0, 80)}…`)).toEqual(
      [],
    );
  });

  it("Guard reports what it finds (a public bucket)", () => {
    const { findings } = runGuard({ Canary: { Resources: { Open: { Type: "AWS::S3::Bucket", Properties: {} } } } });
    expect(findings).toContainEqual(expect.objectContaining({ control: "CT.S3.PR.1", template: "Canary", logicalId: "Open" }));
  });
});
