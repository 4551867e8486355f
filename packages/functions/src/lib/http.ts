import middy from "@middy/core";
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, Context } from "aws-lambda";
import type { z } from "zod";
import { settings } from "@site/core/config";
import { fromHeaders, fromOrigin, type RequestMetadata } from "@site/core/request/metadata";
import { errorAttributes, log } from "@site/core/log";
import { VisibleError } from "@site/core/util/error";
import { isTransient, RETRY_AFTER_SECONDS } from "@site/core/util/transient";
import { parse } from "@site/core/util/zod";
import { loadSecrets } from "./secrets";

/** API Gateway v2 event, with the claims a JWT authorizer (or the local server) attaches. */
export type HttpEvent = APIGatewayProxyEventV2 & {
  requestContext: APIGatewayProxyEventV2["requestContext"] & {
    authorizer?: { jwt?: { claims: Record<string, string | number | boolean | string[]>; scopes: string[] | null } };
  };
};
export type HttpResult = { statusCode: number; headers?: Record<string, string>; body?: string };

export const MAX_BODY_BYTES = 16 * 1024;
export const ADMIN_GROUP = "admin";

export interface Request {
  event: HttpEvent;
  /** Parsed JSON body (undefined without one). */
  json: unknown;
  meta: RequestMetadata;
  param(name: string): string;
  /** Parses the JSON body with a zod schema; a failure is a 400 with field messages. */
  body<S extends z.ZodType>(schema: S): z.output<S>;
  /** Parses the query string (blank values dropped) with a zod schema; a failure is a 400 with field messages. */
  query<S extends z.ZodType>(schema: S): z.output<S>;
  /**
   * The form submission's `Idempotency-Key` header (the page sends one per submission and again with
   * each retry of it), or undefined without one; a malformed key is a 400.
   */
  idempotencyKey(): string | undefined;
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{16,64}$/;

function idempotencyKeyOf(event: HttpEvent): string | undefined {
  const key = event.headers?.["idempotency-key"];
  if (key === undefined || key === "") return undefined;
  if (!IDEMPOTENCY_KEY.test(key)) throw new HttpError(400, "idempotency_key.invalid", "The Idempotency-Key header must be 16 to 64 letters, digits, - or _");
  return key;
}

/**
 * The signed-in administrator: `sub`, and `username` (access tokens) or `email` (ID tokens).
 * `Admins.emailOf(req.admin)` resolves the e-mail.
 */
export interface Admin {
  sub: string;
  username?: string;
  email?: string;
}

/** What an admin route's handler gets: the request, with the administrator the group check let in. */
export interface AdminRequest extends Request {
  admin: Admin;
}

const json = (statusCode: number, body: unknown, headers: Record<string, string> = {}): HttpResult => ({
  statusCode,
  headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
  body: JSON.stringify(body),
});

export const ok = (body: unknown, headers?: Record<string, string>) => json(200, body, headers);
export const created = (body: unknown) => json(201, body);
/** The work was queued (a job); the body says where to follow it. */
export const accepted = (body: unknown) => json(202, body);
export const error = (statusCode: number, message: string, fields?: Record<string, string>) =>
  json(statusCode, fields ? { error: message, fields } : { error: message });

class HttpError extends VisibleError {}

function rawBody(event: HttpEvent, maxBytes = MAX_BODY_BYTES): string | undefined {
  if (event.body === undefined || event.body === null || event.body === "") return undefined;
  const text = event.isBase64Encoded ? Buffer.from(event.body, "base64").toString("utf8") : event.body;
  if (Buffer.byteLength(text) > maxBytes) throw new HttpError(413, "body.too_large", "Request body too large");
  return text;
}

const BODY_METHODS = new Set(["POST", "PUT", "PATCH"]);

/** "application/json", optionally with parameters; a charset, if named, must be UTF-8. */
export function isJsonContentType(value: string | undefined): boolean {
  if (!value) return false;
  const [type, ...params] = value.split(";").map((part) => part.trim().toLowerCase());
  if (type !== "application/json") return false;
  return params.every((param) => {
    const [name, charset = ""] = param.split("=").map((part) => part.trim());
    return name !== "charset" || ["utf-8", "utf8", '"utf-8"', '"utf8"'].includes(charset);
  });
}

const isFormContentType = (value: string | undefined) => (value ?? "").split(";")[0].trim().toLowerCase() === "application/x-www-form-urlencoded";

/** "text/plain", optionally with parameters; a charset, if named, must be UTF-8 (what `navigator.sendBeacon` sends for a string). */
export function isTextContentType(value: string | undefined): boolean {
  const [type, ...params] = (value ?? "").split(";").map((part) => part.trim().toLowerCase());
  if (type !== "text/plain") return false;
  return params.every((param) => {
    const [name, charset = ""] = param.split("=").map((part) => part.trim());
    return name !== "charset" || ["utf-8", "utf8", '"utf-8"', '"utf8"'].includes(charset);
  });
}

/**
 * Bodies are JSON only. Requiring the header on every write means a cross-site HTML form (which can
 * only send form or text/plain types) cannot reach a handler. The one exception is a route built
 * with `acceptsForm` (RFC 8058 one-click unsubscribe, which mail providers POST as a form).
 */
function requireJsonContentType(event: HttpEvent) {
  const method = (event.requestContext?.http?.method ?? "").toUpperCase();
  const hasBody = event.body !== undefined && event.body !== null && event.body !== "";
  if (!hasBody && !BODY_METHODS.has(method)) return;
  if (!isJsonContentType(event.headers?.["content-type"])) {
    throw new HttpError(415, "body.unsupported_type", "Content-Type must be application/json");
  }
}

/** Path parameters arrive percent-encoded; a malformed escape (`%E0%A4%A`) is the caller's error. */
function decodePathParameters(event: HttpEvent): Record<string, string> {
  const decoded: Record<string, string> = {};
  for (const [name, value] of Object.entries(event.pathParameters ?? {})) {
    try {
      decoded[name] = decodeURIComponent(value ?? "");
    } catch {
      throw new HttpError(400, "path.malformed", "Malformed percent-escape in the path");
    }
  }
  return decoded;
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, "body.malformed", "Malformed JSON body");
  }
}

/** `cognito:groups` arrives as an array (local, raw JWT) or as "[admin other]" (API Gateway). */
export function groupsOf(claims: Record<string, unknown>): string[] {
  const raw = claims["cognito:groups"];
  if (Array.isArray(raw)) return raw.map(String);
  if (typeof raw === "string")
    return raw
      .replace(/^\[|\]$/g, "")
      .split(/[\s,]+/)
      .filter(Boolean);
  return [];
}

function requireAdmin(event: HttpEvent): Admin {
  const claims = event.requestContext.authorizer?.jwt?.claims;
  if (!claims) throw new HttpError(401, "auth.required", "Authentication required");
  if (!groupsOf(claims).includes(ADMIN_GROUP)) {
    throw new HttpError(403, "auth.forbidden", "Access denied. Please verify you have admin privileges.");
  }
  const claim = (name: string) => (claims[name] ? String(claims[name]) : undefined);
  return { sub: String(claims.sub), username: claim("username") ?? claim("cognito:username"), email: claim("email") };
}

/** Said when a service stayed busy through every retry (docs/architecture.md "Faults"): nothing was lost, try again. */
export const BUSY_MESSAGE = "We are very busy right now. Please try again in a moment.";

function toResponse(err: unknown, event: HttpEvent): HttpResult {
  if (err instanceof VisibleError) return error(err.status, err.message, err.fields);
  if (isTransient(err)) {
    log.warn("transient failure answered 503", { route: event.routeKey, ...errorAttributes(err) });
    return json(503, { error: BUSY_MESSAGE }, { "retry-after": String(RETRY_AFTER_SECONDS) });
  }
  log.error("unhandled", { route: event.routeKey, ...errorAttributes(err) });
  return error(500, "Something went wrong. Please try again later.");
}

type Impl<R extends Request = Request> = (req: R, context: Context) => Promise<HttpResult>;

export interface RouteOptions {
  /** Also accept an `application/x-www-form-urlencoded` body, parsed into an object of its fields. */
  acceptsForm?: boolean;
  /** A larger body limit than MAX_BODY_BYTES (a newsletter issue's text). */
  maxBodyBytes?: number;
  /**
   * Also accept a `text/plain` (UTF-8) body, parsed as JSON: `navigator.sendBeacon` sends a string
   * that way (the analytics beacon, `POST /api/events`). Only for a route whose writes a cross-site
   * page may make as freely as the site's own pages.
   */
  acceptsTextJson?: boolean;
}

function parseBody(event: HttpEvent, options: RouteOptions): unknown {
  if (options.acceptsForm && isFormContentType(event.headers?.["content-type"])) {
    const text = rawBody(event, options.maxBodyBytes);
    return text === undefined ? undefined : Object.fromEntries(new URLSearchParams(text));
  }
  if (options.acceptsTextJson && isTextContentType(event.headers?.["content-type"])) return parseJson(rawBody(event, options.maxBodyBytes));
  requireJsonContentType(event);
  return parseJson(rawBody(event, options.maxBodyBytes));
}

/**
 * Deployed, only CloudFront may reach the API (REQUIRE_ORIGIN_SECRET, set by the stacks on every
 * route's function): a request without the origin secret CloudFront adds is refused before any work
 * (no secret loaded, no body parsed, no table touched), so a client that finds the execute-api
 * address gets nothing for its calls. Locally the local server plays CloudFront and adds it.
 */
const notThroughCloudFront = (event: HttpEvent) => settings().REQUIRE_ORIGIN_SECRET && !fromOrigin(event.headers ?? {}, settings().ORIGIN_SECRET);

/**
 * The one middleware chain of every HTTP handler: the origin secret, secrets, the admin check on admin routes, JSON
 * content type, path decoding, body limits and JSON parsing, request metadata (viewer headers trusted
 * only with the origin secret), and one error mapper (visible errors → their status and message; anything
 * else → a logged 500 with a generic message).
 */
function build(impl: Impl<AdminRequest>, access: "public" | "admin", options: RouteOptions = {}) {
  return middy<HttpEvent, APIGatewayProxyResultV2>().handler(async (event, context) => {
    // every log line of this invocation carries the Lambda's request id
    if (context?.awsRequestId) log.addContext(context);
    if (notThroughCloudFront(event)) return error(403, "Forbidden");
    try {
      await loadSecrets();
      // a public route's handler is typed without `admin` (publicRoute), so it never reads this
      const admin = access === "admin" ? requireAdmin(event) : (undefined as unknown as Admin);
      const parsed = parseBody(event, options);
      const params = decodePathParameters(event);
      const req: AdminRequest = {
        event,
        json: parsed,
        admin,
        meta: fromHeaders(event.headers ?? {}, event.requestContext?.http?.sourceIp ?? "", settings().ORIGIN_SECRET),
        param: (name) => params[name] ?? "",
        body: (schema) => parse(schema, parsed ?? {}),
        query: (schema) => parse(schema, Object.fromEntries(Object.entries(event.queryStringParameters ?? {}).filter(([, v]) => v !== undefined && v !== ""))),
        idempotencyKey: () => idempotencyKeyOf(event),
      };
      return await impl(req, context);
    } catch (err) {
      return toResponse(err, event);
    }
  });
}

export const publicRoute = (impl: Impl, options?: RouteOptions) => build(impl, "public", options);
export const adminRoute = (impl: Impl<AdminRequest>, options?: RouteOptions) => build(impl, "admin", options);
