import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { settings } from "../config";
import { injectFaults } from "../faults/sdk";
import { recordWrites } from "./capacity-log";
import { DYNAMODB_TIMEOUTS, sdkRequestHandler } from "../util/sdk-http";
import { skipDiscardedLogCopies } from "../util/sdk-log-filter";

let client: DynamoDBDocumentClient | undefined;
let rawClient: DynamoDBClient | undefined;

/**
 * What a local runtime adds to every document client this process makes, the one there is and
 * those made after a `resetDb` (the integration tests' stand-in for the table's stream watches writes
 * so: scripts/local/write-stream.ts). Nothing deployed registers one.
 */
const clientHooks: ((client: DynamoDBDocumentClient) => void)[] = [];
export function onEveryClient(hook: (client: DynamoDBDocumentClient) => void): () => void {
  clientHooks.push(hook);
  if (client) hook(client);
  return () => {
    const at = clientHooks.indexOf(hook);
    if (at >= 0) clientHooks.splice(at, 1);
  };
}

/** One document client per process (per Lambda cold start). */
export function db(): DynamoDBDocumentClient {
  if (!client) {
    const s = settings();
    const raw = newRawClient();
    skipDiscardedLogCopies(raw);
    injectFaults(raw, "dynamodb");
    client = DynamoDBDocumentClient.from(raw, { marshallOptions: { removeUndefinedValues: true } });
    rawClient = raw;
    if (s.DYNAMODB_CAPACITY_LOG) recordWrites(client, DynamoDBDocumentClient.from(newRawClient()), s.DYNAMODB_CAPACITY_LOG);
    for (const hook of clientHooks) hook(client);
  }
  return client;
}

export function newRawClient(): DynamoDBClient {
  const s = settings();
  return new DynamoDBClient({
    region: s.AWS_REGION,
    ...(s.DYNAMODB_ENDPOINT ? { endpoint: s.DYNAMODB_ENDPOINT, credentials: { accessKeyId: "local", secretAccessKey: "local" } } : {}),
    maxAttempts: 5,
    requestHandler: sdkRequestHandler({
      ...DYNAMODB_TIMEOUTS,
      requestTimeoutMs: s.DYNAMODB_REQUEST_TIMEOUT_MS ?? (s.DYNAMODB_ENDPOINT ? 30_000 : DYNAMODB_TIMEOUTS.requestTimeoutMs),
      // DynamoDB Local's JVM accepts connections late on a busy machine (npm run stress:sign saw 500s at 1 s)
      ...(s.DYNAMODB_ENDPOINT ? { connectionTimeoutMs: 10_000 } : {}),
    }),
  });
}

/** The low-level client, for hot loops that read a few string attributes and skip unmarshalling. */
export function rawDb(): DynamoDBClient {
  db();
  return rawClient!;
}

export function table(): string {
  const name = settings().TABLE_NAME;
  if (!name) throw new Error("TABLE_NAME is not set: this function was granted no table (see its `needs` in routes.ts or subscribers.ts)");
  return name;
}

/** For tests that switch endpoints between runs. */
export function resetDb() {
  client?.destroy();
  client = undefined;
  rawClient = undefined;
}
