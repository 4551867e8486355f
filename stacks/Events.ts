import { Duration } from "aws-cdk-lib";
import { Alarm, ComparisonOperator, Metric, TreatMissingData } from "aws-cdk-lib/aws-cloudwatch";
import { SnsAction } from "aws-cdk-lib/aws-cloudwatch-actions";
import { Topic } from "aws-cdk-lib/aws-sns";
import { EmailSubscription } from "aws-cdk-lib/aws-sns-subscriptions";
import { SqsDestination } from "aws-cdk-lib/aws-lambda-destinations";
import { Queue, QueueEncryption } from "aws-cdk-lib/aws-sqs";
import { FilterCriteria, StartingPosition } from "aws-cdk-lib/aws-lambda";
import { DynamoEventSource, SqsDlq, SqsEventSource } from "aws-cdk-lib/aws-lambda-event-sources";
import { EventBus, Function as SstFunction, use, type StackContext } from "sst/constructs";
import { EventBus as CdkEventBus } from "aws-cdk-lib/aws-events";
import { EVENT_SOURCE, detailTypesOf, sourceOf, subscribers } from "../packages/functions/src/subscribers";
import { SES_SOURCE, configurationSetPattern } from "../packages/core/src/mail/ses-events";
import { GUARDDUTY_SOURCE, scanResultPattern } from "../packages/core/src/evidence/scan-events";
import { streamConsumers } from "../packages/functions/src/streams";
import { Auth } from "./Auth";
import { deploySettings } from "./deploy-settings";
import { faultsParameter } from "./fault-switch";
import { functionProps } from "./function-props";
import { Storage } from "./Storage";

/** CloudWatch alarms on SES's account reputation: id, metric, threshold (a rate, 0–1). */
export const SES_REPUTATION_ALARMS = [
  ["SesBounceRateAlarm", "Reputation.BounceRate", 0.02],
  ["SesComplaintRateAlarm", "Reputation.ComplaintRate", 0.0005],
] as const;

/** A dead letter the recorder has not taken off the queue after this long is an alarm (it retries every visibility timeout). */
export const DEAD_LETTER_UNRECORDED_SECONDS = 600;

/** A stream batch's retries before it is given up to the dead-letter queue (its records' age also ends them, at 24 h). */
export const STREAM_RETRY_ATTEMPTS = 100;

export function Events({ stack, app }: StackContext) {
  const { table, bucket, secrets, mailConfigurationSet, privacyMailConfigurationSet } = use(Storage);
  const { auth } = use(Auth);

  const bus = new EventBus(stack, "Bus");
  // The account's default bus, where SES puts its sending events (its only possible EventBridge destination).
  const accountBus = new EventBus(stack, "AccountDefaultBus", { cdk: { eventBus: CdkEventBus.fromEventBusName(stack, "DefaultBus", "default") } });

  // Events that still fail after every retry land here, to be inspected and redriven.
  const deadLetters = new Queue(stack, "SubscriberDeadLetters", {
    encryption: QueueEncryption.SQS_MANAGED,
    retentionPeriod: Duration.days(14),
    // its policy refuses any request not over TLS
    enforceSSL: true,
  });

  // Anything in the dead-letter queue is an effect that never happened: tell someone.
  const alarms = new Topic(stack, "Alarms", { enforceSSL: true });
  const { ALARM_EMAIL } = deploySettings(app.stage);
  if (ALARM_EMAIL) alarms.addSubscription(new EmailSubscription(ALARM_EMAIL));
  // The recorder takes each message off the queue into the table (the console's health panel), so the
  // alarm counts what arrives; a message it cannot record stays, and the second alarm tells so.
  const deadLetterAlarm = new Alarm(stack, "SubscriberDeadLettersAlarm", {
    alarmDescription: "A side effect failed every retry: it waits in the console's health panel to be re-driven",
    metric: deadLetters.metricNumberOfMessagesSent({ period: Duration.minutes(1), statistic: "Sum" }),
    threshold: 0,
    comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
    evaluationPeriods: 1,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
  deadLetterAlarm.addAlarmAction(new SnsAction(alarms));
  new Alarm(stack, "SubscriberDeadLettersUnrecordedAlarm", {
    alarmDescription: "A dead letter waits in the queue: the recorder could not put it in the health panel",
    metric: deadLetters.metricApproximateAgeOfOldestMessage({ period: Duration.minutes(1), statistic: "Maximum" }),
    threshold: DEAD_LETTER_UNRECORDED_SECONDS,
    comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
    evaluationPeriods: 1,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  }).addAlarmAction(new SnsAction(alarms));

  // A stage that rehearses faults: the parameter its functions read their FAULTS from (fault-switch.ts)
  faultsParameter(stack);

  // SES's own view of the account's reputation (its configuration set publishes it): the site's
  // feedback breaker (core/mail/breaker.ts) stops visitor mail well before SES reviews the account
  // at 5 % bounces or 0.1 % complaints; these tell the foundation if the rates climb anyway.
  for (const [id, metricName, threshold] of SES_REPUTATION_ALARMS) {
    new Alarm(stack, id, {
      alarmDescription: `SES ${metricName} reached ${threshold * 100} %: SES reviews the account at 5 % bounces or 0.1 % complaints, and may pause all sending`,
      metric: new Metric({ namespace: "AWS/SES", metricName, period: Duration.hours(1), statistic: "Maximum" }),
      threshold,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    }).addAlarmAction(new SnsAction(alarms));
  }

  const deps = { table, bucket, bus, auth, secrets, mailConfigurationSet, privacyMailConfigurationSet };
  // Every stage's (and any other app's) SES and GuardDuty events share the account's default bus: a
  // rule takes this stage's configuration sets' e-mails and this stage's bucket's scans only.
  const accountDetailPatterns: Record<string, object> = {
    [SES_SOURCE]: configurationSetPattern([mailConfigurationSet, privacyMailConfigurationSet].map((set) => set.configurationSetName)),
    [GUARDDUTY_SOURCE]: scanResultPattern(bucket.bucketName),
  };
  for (const s of subscribers) {
    if (sourceOf(s) !== EVENT_SOURCE && !accountDetailPatterns[sourceOf(s)])
      throw new Error(`${s.name}: no pattern keeps ${sourceOf(s)}'s events to this stage`);
    (sourceOf(s) === EVENT_SOURCE ? bus : accountBus).addRules(stack, {
      [s.name]: {
        pattern: {
          source: [sourceOf(s)],
          detailType: detailTypesOf(s),
          ...(sourceOf(s) === EVENT_SOURCE ? {} : { detail: accountDetailPatterns[sourceOf(s)] }),
        },
        targets: {
          handler: {
            function: {
              ...functionProps(s.needs, deps),
              handler: s.handler,
              ...(s.timeout ? { timeout: s.timeout } : {}),
              // (the app's default nodejs props are replaced, not merged: keep ESM)
              ...(s.install ? { nodejs: { format: "esm" as const, install: s.install } } : {}),
              // EventBridge invokes asynchronously: a throwing handler is retried by Lambda,
              // while the target's retry policy below covers delivery failures.
              retryAttempts: 2,
              onFailure: new SqsDestination(deadLetters),
            },
            cdk: {
              target: {
                retryAttempts: 3,
                maxEventAge: Duration.hours(2),
                deadLetterQueue: deadLetters,
              },
            },
          },
        },
      },
    });
  }

  // The table's stream: each consumer gets the records its filters match, a batch at a time, a
  // shard's records in order. A batch that fails is given again (from its first record) until it
  // succeeds or its records are a day old; then its description goes to the dead-letter queue.
  for (const c of streamConsumers) {
    const consumer = new SstFunction(stack, `Stream${c.name.replace(/(^|-)(\w)/g, (_, __, ch: string) => ch.toUpperCase())}`, {
      ...functionProps(c.needs, deps),
      handler: c.handler,
      ...(c.timeout ? { timeout: c.timeout } : {}),
    });
    consumer.addEventSource(
      new DynamoEventSource(table.cdk.table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: c.batchSize,
        maxBatchingWindow: Duration.seconds(c.windowSeconds),
        filters: c.filters.map((pattern) => FilterCriteria.filter(pattern as Record<string, unknown>)),
        reportBatchItemFailures: true,
        retryAttempts: STREAM_RETRY_ATTEMPTS,
        maxRecordAge: Duration.hours(24),
        onFailure: new SqsDlq(deadLetters),
      }),
    );
  }

  // The dead letters into the table, where the health panel lists them (core/dead-letters).
  const recorder = new SstFunction(stack, "DeadLetterRecorder", {
    ...functionProps({ table: "write" }, deps),
    handler: "packages/functions/src/events/dead-letter-recorder.handler",
  });
  recorder.addEventSource(new SqsEventSource(deadLetters, { batchSize: 10, reportBatchItemFailures: true }));

  stack.addOutputs({ EventBusName: bus.eventBusName });

  return { bus, alarms, deadLetterAlarm };
}
