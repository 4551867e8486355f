import { Duration, type Stack } from "aws-cdk-lib";
import type { HttpApi } from "aws-cdk-lib/aws-apigatewayv2";
import { Alarm, ComparisonOperator, MathExpression, TreatMissingData, type IAlarm } from "aws-cdk-lib/aws-cloudwatch";
import { CfnExperimentTemplate, type CfnExperimentTemplateProps } from "aws-cdk-lib/aws-fis";
import { PolicyDocument, PolicyStatement, Role, ServicePrincipal } from "aws-cdk-lib/aws-iam";
import { CfnDocument } from "aws-cdk-lib/aws-ssm";
import { use, type StackContext } from "sst/constructs";
import { everyFault, formatFaults } from "../packages/core/src/faults/spec";
import { Api } from "./Api";
import { Events } from "./Events";
import { FIS_CONFIG_PREFIX, NO_FAULTS, REHEARSAL_ROUTES, faultsParameterArn, faultsParameterName } from "./fault-switch";

/**
 * The AWS FIS experiment templates a staging stage rehearses a campaign with (FAULT_REHEARSALS=on; this
 * stack exists only then, sst.config.ts). Started by hand, never by CI: docs/architecture.md "Faults",
 * "Rehearsing deployed".
 * - service-faults: every fault of packages/core/src/faults/spec.ts at REHEARSAL_FAULT_RATE, put in the
 *   stage's parameter by an SSM Automation for the experiment's length and "none" put back after it
 *   (and when it is stopped): DynamoDB, S3, SES, Sheets and the bus, which FIS has no action for.
 * - lambda-errors / lambda-delays: FIS's own Lambda actions on the busy public forms, through its
 *   extension (fault-switch.ts).
 * Each stops on the dead-letter alarm and on the API's 5xx share, and has a role of its own.
 */

/** The share of calls each fault hits in service-faults: "a few percent" (issue 42). */
export const REHEARSAL_FAULT_RATE = 0.03;
/** The share of the target functions' invocations the Lambda experiments fail or delay. */
export const LAMBDA_FAULT_PERCENT = 3;
/** How long an experiment injects its faults. */
export const REHEARSAL_MINUTES = 10;
/** The API's 5xx share, in percent of its requests over a minute, that stops any experiment (two minutes running). */
export const SERVER_ERROR_STOP_PERCENT = 10;

export const REHEARSAL_DURATION = `PT${REHEARSAL_MINUTES}M`;
/** The automation's limit: its sleep, then the restore; FIS stops (cancels) it past this, which restores too. */
export const AUTOMATION_MAX_DURATION = `PT${REHEARSAL_MINUTES + 5}M`;

export function Faults({ stack, app }: StackContext) {
  const { deadLetterAlarm } = use(Events);
  const { api, faults } = use(Api);
  if (!faults) throw new Error("The Faults stack is a rehearsing stage's alone (FAULT_REHEARSALS=on)");

  const stopConditions = [deadLetterAlarm, serverErrorAlarm(stack, api.cdk.httpApi)].map((alarm: IAlarm) => ({
    source: "aws:cloudwatch:alarm",
    value: alarm.alarmArn,
  }));
  const experiment = (name: string, description: string, props: Pick<CfnExperimentTemplateProps, "actions" | "targets">, role: Role) =>
    new CfnExperimentTemplate(
      stack,
      name.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase()),
      {
        description,
        roleArn: role.roleArn,
        stopConditions,
        ...props,
        experimentOptions: { accountTargeting: "single-account", emptyTargetResolutionMode: "fail" },
        tags: { Name: `${app.name}-${app.stage}-${name}`, app: app.name, stage: app.stage, experiment: name },
      },
    );

  // service-faults: an automation puts the faults in the parameter, sleeps, and puts "none" back
  const automationRole = new Role(stack, "FaultsAutomationRole", {
    assumedBy: new ServicePrincipal("ssm.amazonaws.com", { conditions: { StringEquals: { "aws:SourceAccount": stack.account } } }),
    description: "Sets the stage's FAULTS parameter for a service-faults experiment",
    inlinePolicies: { faults: document(new PolicyStatement({ actions: ["ssm:PutParameter"], resources: [faultsParameterArn(stack)] })) },
  });
  const automation = new CfnDocument(stack, "ServiceFaultsAutomation", {
    documentType: "Automation",
    documentFormat: "JSON",
    content: serviceFaultsRunbook(faultsParameterName(stack), automationRole.roleArn),
  });
  const ssmArn = (resource: string, resourceName: string) => stack.formatArn({ service: "ssm", resource, resourceName });
  const serviceFaults = experiment(
    "service-faults",
    `Every fault of the FAULTS vocabulary at ${REHEARSAL_FAULT_RATE * 100} % for ${REHEARSAL_MINUTES} minutes (DynamoDB, S3, SES, Sheets, the bus, the functions), through the stage's parameter`,
    {
      actions: {
        "put-faults": {
          actionId: "aws:ssm:start-automation-execution",
          description: 'Puts every fault in the stage\'s FAULTS parameter, sleeps, puts "none" back',
          parameters: {
            documentArn: ssmArn("document", automation.ref),
            documentParameters: JSON.stringify({ Faults: formatFaults(everyFault(REHEARSAL_FAULT_RATE)), Duration: REHEARSAL_DURATION }),
            maxDuration: AUTOMATION_MAX_DURATION,
          },
        },
      },
      targets: {},
    },
    fisRole(stack, "ServiceFaultsExperimentRole", [
      new PolicyStatement({
        actions: ["ssm:StartAutomationExecution"],
        resources: [ssmArn("document", automation.ref), ssmArn("automation-definition", `${automation.ref}:*`)],
      }),
      new PolicyStatement({ actions: ["ssm:GetAutomationExecution", "ssm:StopAutomationExecution"], resources: [ssmArn("automation-execution", "*")] }),
      new PolicyStatement({
        actions: ["iam:PassRole"],
        resources: [automationRole.roleArn],
        conditions: { StringEquals: { "iam:PassedToService": "ssm.amazonaws.com" } },
      }),
    ]),
  );

  // lambda-errors and lambda-delays: FIS writes the fault to the extension's folder, for the functions it names
  const functions = REHEARSAL_ROUTES.map((key) => {
    const fn = api.getFunction(key);
    if (!fn) throw new Error(`${key}: no function to rehearse faults on`);
    return fn;
  });
  const Functions = { resourceType: "aws:lambda:function", resourceArns: functions.map((f) => f.functionArn), selectionMode: "ALL" };
  const lambdaRole = (id: string) =>
    fisRole(stack, id, [
      new PolicyStatement({ actions: ["s3:PutObject", "s3:DeleteObject"], resources: [faults.bucket.arnForObjects(`${FIS_CONFIG_PREFIX}*`)] }),
      new PolicyStatement({ actions: ["lambda:GetFunction"], resources: functions.map((f) => f.functionArn) }),
      // resolving the targets: the tagging API takes no narrower resource
      new PolicyStatement({ actions: ["tag:GetResources"], resources: ["*"] }),
    ]);
  const lambdaErrors = experiment(
    "lambda-errors",
    `${LAMBDA_FAULT_PERCENT} % of the busy public forms' invocations fail after their code ran, for ${REHEARSAL_MINUTES} minutes`,
    {
      actions: {
        "fail-invocations": {
          actionId: "aws:lambda:invocation-error",
          parameters: { duration: REHEARSAL_DURATION, invocationPercentage: String(LAMBDA_FAULT_PERCENT), preventExecution: "false" },
          targets: { Functions: "Functions" },
        },
      },
      targets: { Functions },
    },
    lambdaRole("LambdaErrorsExperimentRole"),
  );
  // past the longest timeout of the targets: each such invocation times out
  const delay = Math.max(...functions.map((f) => (f.timeout ?? Duration.seconds(3)).toMilliseconds())) + 1000;
  const lambdaDelays = experiment(
    "lambda-delays",
    `${LAMBDA_FAULT_PERCENT} % of the busy public forms' invocations wait ${delay / 1000} s before their code, past their timeout, for ${REHEARSAL_MINUTES} minutes`,
    {
      actions: {
        "delay-invocations": {
          actionId: "aws:lambda:invocation-add-delay",
          parameters: { duration: REHEARSAL_DURATION, invocationPercentage: String(LAMBDA_FAULT_PERCENT), startupDelayMilliseconds: String(delay) },
          targets: { Functions: "Functions" },
        },
      },
      targets: { Functions },
    },
    lambdaRole("LambdaDelaysExperimentRole"),
  );

  stack.addOutputs({
    ServiceFaultsTemplateId: serviceFaults.ref,
    LambdaErrorsTemplateId: lambdaErrors.ref,
    LambdaDelaysTemplateId: lambdaDelays.ref,
  });
}

const document = (...statements: PolicyStatement[]) => new PolicyDocument({ statements });

/** An experiment's role: FIS may take it for this account's experiments alone (the confused-deputy conditions). */
function fisRole(stack: Stack, id: string, statements: PolicyStatement[]) {
  return new Role(stack, id, {
    assumedBy: new ServicePrincipal("fis.amazonaws.com", {
      conditions: {
        StringEquals: { "aws:SourceAccount": stack.account },
        ArnLike: { "aws:SourceArn": stack.formatArn({ service: "fis", resource: "experiment", resourceName: "*" }) },
      },
    }),
    inlinePolicies: { experiment: document(...statements) },
  });
}

/** The API's 5xx share of its requests: an experiment whose faults reach visitors as server errors stops. */
function serverErrorAlarm(stack: Stack, httpApi: HttpApi) {
  return new Alarm(stack, "ApiServerErrorsAlarm", {
    alarmDescription: `Over ${SERVER_ERROR_STOP_PERCENT} % of the API's requests answered 5xx two minutes running: stops a fault rehearsal`,
    metric: new MathExpression({
      // a quiet minute's single error is not a share
      expression: "IF(requests >= 20, 100 * errors / requests, 0)",
      usingMetrics: { errors: httpApi.metricServerError({ statistic: "Sum" }), requests: httpApi.metricCount({ statistic: "Sum" }) },
      period: Duration.minutes(1),
      label: "5xx %",
    }),
    threshold: SERVER_ERROR_STOP_PERCENT,
    comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
    evaluationPeriods: 2,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
}

/**
 * The SSM Automation runbook of service-faults: put the faults, sleep, put "none" back. A step that
 * fails, or the automation cancelled (FIS stops it when a stop condition fires or the experiment is
 * stopped), goes to the restore too (`onFailure`, `onCancel`).
 */
export function serviceFaultsRunbook(parameterName: string, roleArn: string) {
  const putFaults = (value: string) => ({ Service: "ssm", Api: "PutParameter", Name: parameterName, Value: value, Type: "String", Overwrite: true });
  const restoreOnExit = { onFailure: "step:restoreNoFaults", onCancel: "step:restoreNoFaults" };
  return {
    schemaVersion: "0.3",
    description: `Puts FAULTS in ${parameterName} for a while, then "${NO_FAULTS}" (stacks/Faults.ts)`,
    assumeRole: roleArn,
    parameters: {
      Faults: {
        type: "String",
        description: "The FAULTS to inject (packages/core/src/faults/spec.ts)",
        default: formatFaults(everyFault(REHEARSAL_FAULT_RATE)),
      },
      Duration: { type: "String", description: "How long, ISO 8601", default: REHEARSAL_DURATION, allowedPattern: "^PT([0-9]+H)?([0-9]+M)?([0-9]+S)?$" },
    },
    mainSteps: [
      { name: "putFaults", action: "aws:executeAwsApi", inputs: putFaults("{{ Faults }}"), ...restoreOnExit },
      { name: "holdFaults", action: "aws:sleep", inputs: { Duration: "{{ Duration }}" }, ...restoreOnExit },
      { name: "restoreNoFaults", action: "aws:executeAwsApi", inputs: putFaults(NO_FAULTS), isEnd: true },
    ],
  };
}
