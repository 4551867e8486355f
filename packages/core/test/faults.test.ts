import { Readable } from "node:stream";
import { DynamoDBClient, ListTablesCommand } from "@aws-sdk/client-dynamodb";
import { HttpResponse } from "@smithy/protocol-http";
import { afterEach, describe, expect, it } from "vitest";
import { Faults } from "../src/faults";
import { isTransient } from "../src/util/transient";

afterEach(() => Faults.useFaults(undefined));

describe("the FAULTS spelling", () => {
  it("reads targets, kinds, rates, bounds and scopes, and writes them back the same", () => {
    const spec = "dynamodb:throttle@0.03, s3:503@1*2,lambda:error-after-work@1*2~POST /api/petitions/{id}/signatures";
    const rules = Faults.parseFaults(spec);
    expect(rules).toEqual([
      { target: "dynamodb", kind: "throttle", rate: 0.03 },
      { target: "s3", kind: "503", rate: 1, times: 2 },
      { target: "lambda", kind: "error-after-work", rate: 1, times: 2, where: "POST /api/petitions/{id}/signatures" },
    ]);
    expect(Faults.parseFaults(Faults.formatFaults(rules))).toEqual(rules);
    expect(Faults.parseFaults(undefined)).toEqual([]);
    expect(Faults.parseFaults(" ")).toEqual([]);
  });

  it.each([
    ["dynamo:throttle@0.1", "names no target"],
    ["dynamodb:slow@0.1", "names no fault of dynamodb"],
    ["dynamodb:throttle@0", "outside (0, 1]"],
    ["dynamodb:throttle@1.5", "outside (0, 1]"],
    ["dynamodb:throttle", "is not a fault"],
    ["dynamodb:throttle@1*0", "no injection"],
  ])("refuses %s, naming it", (spec, why) => {
    expect(() => Faults.parseFaults(spec)).toThrow(why);
    expect(() => Faults.parseFaults(spec)).toThrow(spec);
  });

  it("has every kind of every target in the benchmark's mix", () => {
    const all = Faults.everyFault(0.02);
    for (const [target, kinds] of Object.entries(Faults.FAULT_KINDS)) for (const kind of kinds) expect(all).toContainEqual({ target, kind, rate: 0.02 });
  });
});

describe("drawing faults", () => {
  it("plays a bounded rule its number of times, only in its scope, and counts what it played", async () => {
    Faults.useFaults(Faults.parseFaults("sheets:429@1*2~sync,ses:throttle@1*1"));
    expect(await Faults.faultFor("sheets")).toBeUndefined();
    const inSync = () => Faults.inFaultScope("sync", () => Faults.faultFor("sheets"));
    expect([await inSync(), await inSync(), await inSync()]).toEqual(["429", "429", undefined]);
    expect([await Faults.faultFor("ses"), await Faults.faultFor("ses")]).toEqual(["throttle", undefined]);
    expect(Faults.injectedCounts()).toEqual({ "sheets:429": 2, "ses:throttle": 1 });
  });

  it("hits about its rate, the same calls for the same seed", async () => {
    const draws = async (seed: number) => {
      Faults.useFaults([{ target: "s3", kind: "503", rate: 0.1 }], seed);
      const hits: number[] = [];
      for (let i = 0; i < 2000; i++) if (await Faults.faultFor("s3")) hits.push(i);
      return hits;
    };
    const a = await draws(7);
    expect(a.length).toBeGreaterThan(140);
    expect(a.length).toBeLessThan(260);
    expect(await draws(7)).toEqual(a);
    expect(await draws(8)).not.toEqual(a);
  });
});

describe("an AWS SDK client playing faults", () => {
  /** A client whose every request that reaches the network is answered 200 `{}`; `reached` counts them. */
  function client(maxAttempts: number) {
    const reached = { n: 0 };
    const c = new DynamoDBClient({
      region: "us-east-1",
      endpoint: "http://127.0.0.1:9",
      credentials: { accessKeyId: "x", secretAccessKey: "x" },
      maxAttempts,
      retryStrategy: undefined,
      requestHandler: {
        handle: async () => {
          reached.n++;
          return {
            response: new HttpResponse({
              statusCode: 200,
              headers: { "content-type": "application/x-amz-json-1.0" },
              body: Readable.from([Buffer.from('{"TableNames":[]}')]),
            }),
          };
        },
      },
    });
    Faults.injectFaults(c, "dynamodb");
    return { c, reached };
  }

  it("retries an injected throttle with the SDK's own retries, as a real one", async () => {
    Faults.useFaults(Faults.parseFaults("dynamodb:throttle@1*2"));
    const { c, reached } = client(5);
    const res = await c.send(new ListTablesCommand({}));
    expect(res.$metadata.attempts).toBe(3);
    expect(reached.n).toBe(1);
  });

  it("raises the service's own exception when every attempt is refused, which the API answers as transient", async () => {
    for (const [kind, name] of [
      ["throttle", "ThrottlingException"],
      ["capacity", "ProvisionedThroughputExceededException"],
      ["500", "InternalServerError"],
    ] as const) {
      Faults.useFaults([{ target: "dynamodb", kind, rate: 1 }]);
      const { c, reached } = client(2);
      const err = await c.send(new ListTablesCommand({})).catch((e: unknown) => e);
      expect((err as Error).name).toBe(name);
      expect(isTransient(err)).toBe(true);
      expect(reached.n).toBe(0);
    }
  });

  it("costs nothing when no fault is set", async () => {
    const { c, reached } = client(1);
    expect((await c.send(new ListTablesCommand({}))).TableNames).toEqual([]);
    expect(reached.n).toBe(1);
  });
});

describe("what is transient", () => {
  it.each([
    [{ name: "ThrottlingException" }, true],
    [{ name: "SlowDown", $metadata: { httpStatusCode: 503 } }, true],
    [{ name: "Error", status: 429 }, true],
    [{ name: "Error", code: 500 }, true],
    [{ name: "ConditionalCheckFailedException", $metadata: { httpStatusCode: 400 } }, false],
    [{ name: "ValidationException", $metadata: { httpStatusCode: 400 } }, false],
    [new Error("boom"), false],
  ])("%j → %s", (err, transient) => expect(isTransient(err)).toBe(transient));
});
