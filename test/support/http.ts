import { settings } from "@site/core/config";
import { ORIGIN_SECRET_HEADER } from "@site/core/request/metadata";
import type { HttpEvent } from "../../packages/functions/src/lib/http";

/** Viewer headers as CloudFront sends them to the API: with the origin secret that makes them believed. */
export const viaCloudFront = (viewerHeaders: Record<string, string>): Record<string, string> => ({
  ...viewerHeaders,
  [ORIGIN_SECRET_HEADER]: settings().ORIGIN_SECRET ?? "",
});

/** A realistic API Gateway v2 event for calling a handler directly. */
export function httpEvent(opts: {
  method?: string;
  path?: string;
  routeKey?: string;
  pathParameters?: Record<string, string>;
  queryStringParameters?: Record<string, string>;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  sourceIp?: string;
  claims?: Record<string, string | string[]>;
}): HttpEvent {
  const body = opts.rawBody ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
  const headers = { "content-type": "application/json", "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36", ...opts.headers };
  return {
    version: "2.0",
    routeKey: opts.routeKey ?? `${opts.method ?? "GET"} ${opts.path ?? "/"}`,
    rawPath: opts.path ?? "/",
    rawQueryString: new URLSearchParams(opts.queryStringParameters ?? {}).toString(),
    headers,
    pathParameters: opts.pathParameters,
    ...(opts.queryStringParameters ? { queryStringParameters: opts.queryStringParameters } : {}),
    requestContext: {
      accountId: "test",
      apiId: "test",
      domainName: "localhost",
      domainPrefix: "localhost",
      http: {
        method: opts.method ?? "GET",
        path: opts.path ?? "/",
        protocol: "HTTP/1.1",
        sourceIp: opts.sourceIp ?? "198.51.100.7",
        userAgent: headers["user-agent"],
      },
      requestId: crypto.randomUUID(),
      routeKey: "",
      stage: "$default",
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
      ...(opts.claims ? { authorizer: { jwt: { claims: opts.claims, scopes: null } } } : {}),
    },
    body,
    isBase64Encoded: false,
  } as HttpEvent;
}

export const context = {} as never;

export interface Result {
  statusCode: number;
  headers?: Record<string, string>;
  body: any;
}

/** Calls a handler and parses its JSON body. */
export async function call(handler: (e: HttpEvent, c: never) => Promise<unknown>, event: HttpEvent): Promise<Result> {
  const res = (await handler(event, context)) as { statusCode: number; headers?: Record<string, string>; body?: string };
  return { statusCode: res.statusCode, headers: res.headers, body: res.body ? JSON.parse(res.body) : undefined };
}
