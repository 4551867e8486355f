import { Readable } from "node:stream";
import { DynamoDBClient, GetItemCommand } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient, GetCommand } from "@aws-sdk/lib-dynamodb";
import { HttpResponse } from "@smithy/protocol-http";
import { describe, expect, it } from "vitest";
import { skipDiscardedLogCopies } from "../src/util/sdk-log-filter";

/** A DynamoDB client answering every call with one item, whose logger records what it is given. */
function client(skip: boolean) {
  const logged: unknown[] = [];
  const item = { pk: { S: "A" }, secret: { S: "kept" } };
  const raw = new DynamoDBClient({
    region: "us-east-1",
    endpoint: "http://127.0.0.1:1",
    credentials: { accessKeyId: "x", secretAccessKey: "x" },
    logger: { trace() {}, debug() {}, info: (entry: unknown) => logged.push(entry), warn() {}, error() {} },
    requestHandler: {
      handle: async () => ({
        response: new HttpResponse({
          statusCode: 200,
          headers: { "content-type": "application/x-amz-json-1.0" },
          body: Readable.from([Buffer.from(JSON.stringify({ Item: item }))]),
        }),
      }),
    },
  });
  if (skip) skipDiscardedLogCopies(raw);
  return { raw, doc: DynamoDBDocumentClient.from(raw), logged };
}

describe("skipping the SDK's redacted log copies", () => {
  it("hands the logger the response as it is instead of a copy built attribute by attribute", async () => {
    const { raw, doc, logged } = client(true);
    const res = await raw.send(new GetItemCommand({ TableName: "t", Key: { pk: { S: "A" } } }));
    expect(res.Item).toEqual({ pk: { S: "A" }, secret: { S: "kept" } });
    expect((logged[0] as { output: { Item: unknown } }).output.Item).toBe(res.Item);
    const viaDoc = await doc.send(new GetCommand({ TableName: "t", Key: { pk: "A" } }));
    expect(viaDoc.Item).toEqual({ pk: "A", secret: "kept" });
    expect(logged).toHaveLength(2);
  });

  it("without it, the logger gets a copy (what the default no-op logger pays for on every call)", async () => {
    const { raw, logged } = client(false);
    const res = await raw.send(new GetItemCommand({ TableName: "t", Key: { pk: { S: "A" } } }));
    const output = (logged[0] as { output: { Item: unknown } }).output;
    expect(output.Item).toEqual(res.Item);
    expect(output.Item).not.toBe(res.Item);
  });
});
