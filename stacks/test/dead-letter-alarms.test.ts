import { Stack } from "aws-cdk-lib";
import { Template } from "aws-cdk-lib/assertions";
import { beforeAll, describe, expect, it } from "vitest";
import { synthesize, type Synthesized } from "./synth";
import { ofType, resources } from "./template";
import { DEAD_LETTER_UNRECORDED_SECONDS } from "../Events";

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
        const byMetric = Object.fromEntries(alarms.map(([, a]) => [a.Properties.MetricName, a.Properties]));
        expect(Object.keys(byMetric).sort(), queueId).toEqual(["ApproximateAgeOfOldestMessage", "NumberOfMessagesSent"]);
        // a message arriving at all (the recorder takes it off at once), and one left waiting (not recorded)
        expect(byMetric.NumberOfMessagesSent).toMatchObject({
          Namespace: "AWS/SQS",
          Statistic: "Sum",
          Period: 60,
          Threshold: 0,
          ComparisonOperator: "GreaterThanThreshold",
          EvaluationPeriods: 1,
        });
        expect(byMetric.ApproximateAgeOfOldestMessage).toMatchObject({
          Namespace: "AWS/SQS",
          Period: 60,
          Threshold: DEAD_LETTER_UNRECORDED_SECONDS,
          ComparisonOperator: "GreaterThanThreshold",
        });
        // the Alarms topic: its own stack's, or imported from Events
        for (const alarm of Object.values(byMetric))
          expect(JSON.stringify((alarm as { AlarmActions: unknown }).AlarmActions)).toMatch(
            /^\[\{("Ref":"Alarms[0-9A-F]{8}"|"Fn::ImportValue":"[^"]*RefAlarms[0-9A-F]{8}[^"]*")\}\]$/,
          );
        // and its recorder puts every message in the health panel, a failed one left for a retry
        const mappings = ofType(t, "AWS::Lambda::EventSourceMapping").filter(([, m]) => JSON.stringify(m.Properties.EventSourceArn).includes(`"${queueId}"`));
        expect(mappings, queueId).toHaveLength(1);
        expect(mappings[0][1].Properties).toMatchObject({ BatchSize: 10, FunctionResponseTypes: ["ReportBatchItemFailures"] });
      }
    }
    expect(found).toBeGreaterThanOrEqual(1);
  });
});
