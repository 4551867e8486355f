import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { Agent } from "node:https";
import { Agent as HttpAgent } from "node:http";
import { settings } from "../config";

let client: DynamoDBDocumentClient | undefined;
let rawClient: DynamoDBClient | undefined;

/** One document client per process (per Lambda cold start). */
export function db(): DynamoDBDocumentClient {
  if (!client) {
    const s = settings();
    const raw = new DynamoDBClient({
      region: s.AWS_REGION,
      ...(s.DYNAMODB_ENDPOINT
        ? { endpoint: s.DYNAMODB_ENDPOINT, credentials: { accessKeyId: "local", secretAccessKey: "local" } }
        : {}),
      maxAttempts: 5,
      // Bursts of signers must not queue behind the SDK's default of 50 sockets.
      requestHandler: { httpsAgent: new Agent({ keepAlive: true, maxSockets: 256 }), httpAgent: new HttpAgent({ keepAlive: true, maxSockets: 256 }) },
    });
    client = DynamoDBDocumentClient.from(raw, { marshallOptions: { removeUndefinedValues: true } });
    rawClient = raw;
  }
  return client;
}

/** The low-level client, for hot loops that read a few string attributes and skip unmarshalling. */
export function rawDb(): DynamoDBClient {
  db();
  return rawClient!;
}

export const table = () => settings().TABLE_NAME;

/** For tests that switch endpoints between runs. */
export function resetDb() {
  client?.destroy();
  client = undefined;
  rawClient = undefined;
}
