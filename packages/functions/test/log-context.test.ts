import type { Context } from "aws-lambda";
import { afterEach, expect, it, vi } from "vitest";
import { log } from "@site/core/log";
import { ok, publicRoute, type HttpEvent } from "../src/lib/http";

afterEach(() => vi.restoreAllMocks());

const context = {
  awsRequestId: "req-4242",
  functionName: "timeshare-test",
  functionVersion: "$LATEST",
  memoryLimitInMB: "512",
  invokedFunctionArn: "arn:aws:lambda:us-east-1:123456789012:function:timeshare-test",
} as unknown as Context;
const event = {
  version: "2.0",
  routeKey: "GET /api/x",
  rawPath: "/api/x",
  rawQueryString: "",
  headers: {},
  requestContext: { http: { method: "GET", path: "/api/x", sourceIp: "127.0.0.1" } },
} as unknown as HttpEvent;

it("puts the Lambda's request id on the log lines of an invocation", async () => {
  const lines: string[] = [];
  const capture = (chunk: unknown) => (lines.push(String(chunk)), true);
  vi.spyOn(process.stdout, "write").mockImplementation(capture);
  vi.spyOn(process.stderr, "write").mockImplementation(capture);
  // under the tests' POWERTOOLS_DEV (vitest.config.ts) the logger writes through the global console, one entry a line
  for (const method of ["log", "info", "warn", "error"] as const)
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(" ")));
  const handler = publicRoute(async () => {
    log.error("inside the handler");
    return ok({});
  });
  const res = await handler(event, context);
  vi.restoreAllMocks();
  expect(res).toMatchObject({ statusCode: 200 });
  // a pretty-printed entry is one JSON value over several lines; a plain one is a JSON line
  const line = lines
    .flatMap((l) => (l.trimStart().startsWith("{") && l.includes("\n  ") ? [l] : l.split("\n")))
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .find((l) => l.message === "inside the handler");
  expect(line).toMatchObject({ function_request_id: "req-4242", function_name: "timeshare-test" });
});
