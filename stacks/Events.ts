import { Duration } from "aws-cdk-lib";
import { SqsDestination } from "aws-cdk-lib/aws-lambda-destinations";
import { Queue, QueueEncryption } from "aws-cdk-lib/aws-sqs";
import { EventBus, use, type StackContext } from "sst/constructs";
import { EVENT_SOURCE, subscribers } from "../packages/functions/src/subscribers";
import { Auth } from "./Auth";
import { functionProps } from "./function-props";
import { Storage } from "./Storage";

export function Events({ stack }: StackContext) {
  const { table, bucket, secrets } = use(Storage);
  const { auth } = use(Auth);

  const bus = new EventBus(stack, "Bus");

  // Events that still fail after every retry land here, to be inspected and redriven.
  const deadLetters = new Queue(stack, "SubscriberDeadLetters", {
    encryption: QueueEncryption.SQS_MANAGED,
    retentionPeriod: Duration.days(14),
  });

  const shared = functionProps({ table, bucket, bus, auth, secrets });
  for (const s of subscribers) {
    bus.addRules(stack, {
      [s.name]: {
        pattern: { source: [EVENT_SOURCE], detailType: [s.detailType] },
        targets: {
          handler: {
            function: {
              ...shared,
              handler: s.handler,
              ...(s.timeout ? { timeout: s.timeout } : {}),
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

  return { bus };
}
