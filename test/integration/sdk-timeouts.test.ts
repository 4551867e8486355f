import { createServer, type Socket } from "node:net";
import { DynamoDBClient, ListTablesCommand } from "@aws-sdk/client-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetDb, db } from "@site/core/db/client";
import { resetSettings } from "@site/core/config";
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { sdkRequestHandler } from "@site/core/util/sdk-http";
import { freePort } from "../../scripts/local/ports";

/** Accepts connections and never answers: a hung dependency. */
let url: string;
const sockets: Socket[] = [];
const server = createServer((s) => void sockets.push(s));
beforeAll(async () => {
  const port = await freePort();
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
  url = `http://127.0.0.1:${port}`;
});
afterAll(() => {
  for (const s of sockets) s.destroy();
  server.close();
});

describe("AWS SDK clients time out", () => {
  it("the shared request handler fails a request that gets no answer", async () => {
    const client = new DynamoDBClient({
      endpoint: url,
      region: "us-east-1",
      credentials: { accessKeyId: "x", secretAccessKey: "x" },
      maxAttempts: 1,
      requestHandler: sdkRequestHandler({ connectionTimeoutMs: 200, requestTimeoutMs: 300 }),
    });
    const started = Date.now();
    await expect(client.send(new ListTablesCommand({}))).rejects.toMatchObject({ name: "TimeoutError" });
    expect(Date.now() - started).toBeLessThan(2000);
    client.destroy();
  });

  it("core's DynamoDB client gives up on a hung endpoint instead of waiting for the function's timeout", async () => {
    const endpoint = process.env.DYNAMODB_ENDPOINT;
    process.env.DYNAMODB_ENDPOINT = url;
    process.env.DYNAMODB_REQUEST_TIMEOUT_MS = "500";
    resetSettings();
    resetDb();
    try {
      await expect(db().send(new GetCommand({ TableName: "t", Key: { pk: "a", sk: "b" } }))).rejects.toMatchObject({ name: "TimeoutError" });
    } finally {
      process.env.DYNAMODB_ENDPOINT = endpoint;
      delete process.env.DYNAMODB_REQUEST_TIMEOUT_MS;
      resetSettings();
      resetDb();
    }
  });
});
