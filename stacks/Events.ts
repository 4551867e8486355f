import { Duration } from "aws-cdk-lib";
import { Alarm, ComparisonOperator, TreatMissingData } from "aws-cdk-lib/aws-cloudwatch";
import { SnsAction } from "aws-cdk-lib/aws-cloudwatch-actions";
import { Topic } from "aws-cdk-lib/aws-sns";
import { EmailSubscription } from "aws-cdk-lib/aws-sns-subscriptions";
import { SqsDestination } from "aws-cdk-lib/aws-lambda-destinations";
import { Queue, QueueEncryption } from "aws-cdk-lib/aws-sqs";
import { EventBus, use, type StackContext } from "sst/constructs";
import { EventBus as CdkEventBus } from "aws-cdk-lib/aws-events";
import { EVENT_SOURCE, detailTypesOf, sourceOf, subscribers } from "../packages/functions/src/subscribers";
import { Auth } from "./Auth";
import { deploySettings } from "./deploy-settings";
import { functionProps } from "./function-props";
import { Storage } from "./Storage";

export function Events({ stack, app }: StackContext) {
  const { table, bucket, secrets, mailConfigurationSet } = use(Storage);
  const { auth } = use(Auth);

  const bus = new EventBus(stack, "Bus");
  // The account's default bus, where SES puts its sending events (its only possible EventBridge destination).
  const accountBus = new EventBus(stack, "AccountDefaultBus", { cdk: { eventBus: CdkEventBus.fromEventBusName(stack, "DefaultBus", "default") } });

  // Events that still fail after every retry land here, to be inspected and redriven.
  const deadLetters = new Queue(stack, "SubscriberDeadLetters", {
    encryption: QueueEncryption.SQS_MANAGED,
    retentionPeriod: Duration.days(14),
  });

  // Anything in the dead-letter queue is an effect that never happened: tell someone.
  const alarms = new Topic(stack, "Alarms");
  const { ALARM_EMAIL } = deploySettings(app.stage);
  if (ALARM_EMAIL) alarms.addSubscription(new EmailSubscription(ALARM_EMAIL));
  const deadLetterAlarm = new Alarm(stack, "SubscriberDeadLettersAlarm", {
    alarmDescription: "Events failed every retry and wait in the subscriber dead-letter queue",
    metric: deadLetters.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1), statistic: "Maximum" }),
    threshold: 0,
    comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
    evaluationPeriods: 1,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
  deadLetterAlarm.addAlarmAction(new SnsAction(alarms));

  const deps = { table, bucket, bus, auth, secrets, mailConfigurationSet };
  for (const s of subscribers) {
    (sourceOf(s) === EVENT_SOURCE ? bus : accountBus).addRules(stack, {
      [s.name]: {
        pattern: { source: [sourceOf(s)], detailType: detailTypesOf(s) },
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

  stack.addOutputs({ EventBusName: bus.eventBusName });

  return { bus, alarms };
}
