import type { DynamoDBClient } from "@aws-sdk/client-dynamodb";

const unchanged = <T>(value: T) => value;

/**
 * The SDK's logger middleware builds a redacted copy of every request and response (walking every
 * attribute of every item) and hands it to the client's logger, even when that logger is the
 * default no-op one. Our clients log nothing through the SDK, so the copy is skipped: measured on
 * the full scam report export, it was the API's largest single CPU cost (docs/benchmarks.md).
 */
export function skipDiscardedLogCopies(client: DynamoDBClient): DynamoDBClient {
  client.middlewareStack.add(
    (next, context) => (args) => {
      const ctx = context as { dynamoDbDocumentClientOptions?: Record<string, unknown> };
      ctx.dynamoDbDocumentClientOptions = {
        ...ctx.dynamoDbDocumentClientOptions,
        overrideInputFilterSensitiveLog: unchanged,
        overrideOutputFilterSensitiveLog: unchanged,
      };
      return next(args);
    },
    { step: "initialize", name: "skipDiscardedLogCopies", override: true },
  );
  return client;
}
