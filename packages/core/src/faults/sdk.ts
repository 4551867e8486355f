import type { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { faultFor } from "./injector";
import { dynamodbError, s3Error, sesError } from "./service-errors";

type SdkTarget = "dynamodb" | "s3" | "ses";

const errorOf: Record<SdkTarget, (kind: string) => Error> = { dynamodb: dynamodbError, s3: s3Error, ses: sesError };

/**
 * Makes an AWS SDK client play the configured faults of `target` (faults/injector.ts). The middleware
 * sits in the deserialize step, inside the SDK's retry loop: an injected throttle is retried with the
 * SDK's own back-off exactly as a real one, and what survives every attempt reaches our code as the
 * real exception. Nothing configured: one settings read per attempt.
 */
export function injectFaults(client: { middlewareStack: unknown }, target: SdkTarget): void {
  // every client's stack takes the same middleware; DynamoDB's type stands for them all
  (client.middlewareStack as DynamoDBClient["middlewareStack"]).add(
    (next) => async (args) => {
      const kind = await faultFor(target);
      if (kind) throw errorOf[target](kind);
      return next(args);
    },
    { step: "deserialize", name: "injectFaults", override: true },
  );
}
