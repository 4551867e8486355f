import { Stack } from "aws-cdk-lib";
import { Template } from "aws-cdk-lib/assertions";
import { beforeAll, describe, expect, it } from "vitest";
import { synthesize, type Synthesized } from "./synth";
import { ofType, resources } from "./template";

/**
 * Every SQS queue the app uses as a dead-letter queue, in any stack and with fault rehearsals off or on
 * (stacks/Faults.ts), alarms to the Alarms topic as soon as a message waits in it (issue 42: "the
 * stacks tests assert ... the dead-letter queues' alarms"). Today the one is SubscriberDeadLetters.
 */
let off: Synthesized;
let on: Synthesized;
beforeAll(async () => {
  off = await synthesize({ FAULT_REHEARSALS: "off" });
  on = await synthesize({ FAULT_REHEARSALS: "on", FIS_LAMBDA_EXTENSION_LAYER_ARN: "arn:aws:lambda:us-east-1:123456789012:layer:aws-fis-extension-arm64:9" });
});

/** Every stack's template (Schedules and Faults too). */
const templates = (s: Synthesized) => s.app.node.children.filter((c) => c instanceof Stack).map((st) => Template.fromStack(st as Stack));

/** Where a template names a queue as some source's dead-letter queue: rule targets, destinations, mappings, redrives. */
function deadLetterQueueIds(t: Template): string[] {
  const ids = new Set<string>();
  const queues = new Set(ofType(t, "AWS::SQS::Queue").map(([id]) => id));
  const add = (value: unknown) => {
    if (value && typeof value === "object") {
      const id = (value as any)["Fn::GetAtt"]?.[0] ?? (value as any).Ref;
      if (queues.has(id)) ids.add(id);
    }
  };
  for (const [, r] of Object.entries(resources(t))) {
    const p = r.Properties ?? {};
    for (const target of Array.isArray(p.Targets) ? p.Targets : []) add(target.DeadLetterConfig?.Arn);
    add(p.DestinationConfig?.OnFailure?.Destination);
    add(p.DeadLetterConfig?.TargetArn);
    add(p.RedrivePolicy?.deadLetterTargetArn);
  }
  return [...ids];
}

describe.each([
  ["off", () => off],
  ["on", () => on],
])("dead-letter queues (rehearsals %s)", (_, s) => {
  it("each alarms to the Alarms topic as soon as one message waits, a minute at a time", () => {
    let found = 0;
    for (const t of templates(s())) {
      for (const queueId of deadLetterQueueIds(t)) {
        found++;
        const alarms = ofType(t, "AWS::CloudWatch::Alarm").filter(([, a]) => JSON.stringify(a.Properties.Dimensions ?? []).includes(`"${queueId}"`));
        expect(alarms, queueId).toHaveLength(1);
        const [, alarm] = alarms[0];
        expect(alarm.Properties).toMatchObject({
          Namespace: "AWS/SQS",
          MetricName: "ApproximateNumberOfMessagesVisible",
          Period: 60,
          Threshold: 0,
          ComparisonOperator: "GreaterThanThreshold",
          EvaluationPeriods: 1,
        });
        // the Alarms topic: its own stack's, or imported from Events
        expect(JSON.stringify(alarm.Properties.AlarmActions)).toMatch(
          /^\[\{("Ref":"Alarms[0-9A-F]{8}"|"Fn::ImportValue":"[^"]*RefAlarms[0-9A-F]{8}[^"]*")\}\]$/,
        );
      }
    }
    expect(found).toBeGreaterThanOrEqual(1);
  });
});
