import { randomBytes } from "node:crypto";
import { createReadStream, existsSync, readFileSync, statSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { extname, join, normalize } from "node:path";
import { gzipSync } from "node:zlib";
import { resetSettings, settings } from "@site/core/config";
import { MailQueue } from "@site/core/mail-queue";
import { ORIGIN_SECRET_HEADER, VIEWER_HEADER_PREFIX } from "@site/core/request/metadata";
import { cognitoOrigin, evidenceOrigin, securityHeaders } from "@site/core/request/security-headers";
import { embedResponse } from "@site/core/site/embed-response";
import { isPageRoute, routes, routeKey, type Route } from "../../packages/functions/src/routes";
import { faultFor, inFaultScope } from "@site/core/faults";
import { pageRouteFor, type PageRoute } from "../../stacks/site-routing";
import type { LocalAuthorizer } from "./auth";
import type { LocalBus } from "./bus";
import { lambdaContext, loadHandler } from "./handlers";
import { invocation } from "./usage-log";
import { mailPages } from "./mail-pages";

export interface LocalServerOptions {
  /** The built site (web/dist); ignored when `devMiddleware` serves the web. */
  webDir: string;
  outboxDir: string;
  authorizer: LocalAuthorizer;
  /** The in-process bus, whose backlog /dev/bus.json reports (benchmarks wait on it). */
  bus?: LocalBus;
  /** In `npm run dev`, Vite's middleware serves the web with hot reload. */
  devMiddleware?: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
}

const MIME: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".pdf": "application/pdf",
  ".jpg": "image/jpeg",
  ".ico": "image/x-icon",
  ".webp": "image/webp",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
};

interface CompiledRoute extends Route {
  pattern: RegExp;
  params: string[];
}

const compiled: CompiledRoute[] = routes.map((r) => {
  const params: string[] = [];
  const source = r.path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{(\w+)\}/g, (_, name) => {
    params.push(name);
    return "([^/]+)";
  });
  return { ...r, pattern: new RegExp(`^${source}$`), params };
});

function readBody(req: IncomingMessage, limit: number): Promise<Buffer | "too-large"> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on("end", () => resolve(size > limit ? "too-large" : Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
}

/**
 * This server plays CloudFront, so like CloudFront it alone tells the handlers who the viewer is:
 * the secret it adds to every API request is made here, once per process, and handed to the
 * handlers through the ORIGIN_SECRET setting (createLocalServer).
 */
const originSecret = randomBytes(32).toString("base64url");

/** The socket's address in CloudFront-Viewer-Address form: "203.0.113.9:46532", "2001:db8::1:46532". */
function viewerAddressOf(req: IncomingMessage): string {
  const ip = (req.socket.remoteAddress ?? "").replace(/^::ffff:/, "");
  return `${ip}:${req.socket.remotePort ?? 0}`;
}

/**
 * The request headers as CloudFront forwards them to the API: whatever the caller sent as viewer
 * headers or origin secret is dropped, and CloudFront's own are set.
 */
function forwardedHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined || k.startsWith(VIEWER_HEADER_PREFIX) || k === ORIGIN_SECRET_HEADER) continue;
    headers[k] = Array.isArray(v) ? v.join(",") : v;
  }
  headers["cloudfront-viewer-address"] = viewerAddressOf(req);
  headers[ORIGIN_SECRET_HEADER] = originSecret;
  return headers;
}

/** Builds the API Gateway v2 HTTP event the deployed Lambda would receive behind CloudFront. */
function toEvent(req: IncomingMessage, url: URL, route: CompiledRoute, match: RegExpExecArray, body: Buffer, claims?: Record<string, unknown>) {
  const headers = forwardedHeaders(req);
  const query = Object.fromEntries(url.searchParams);
  const now = new Date();
  return {
    version: "2.0",
    routeKey: routeKey(route),
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: route.params.length ? Object.fromEntries(route.params.map((p, i) => [p, match[i + 1]])) : undefined,
    requestContext: {
      accountId: "local",
      apiId: "local",
      domainName: url.host,
      domainPrefix: "local",
      http: {
        method: req.method!,
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: (req.socket.remoteAddress ?? "").replace(/^::ffff:/, ""),
        userAgent: headers["user-agent"] ?? "",
      },
      requestId: crypto.randomUUID(),
      routeKey: routeKey(route),
      stage: "$default",
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
      ...(claims ? { authorizer: { jwt: { claims, scopes: null } } } : {}),
    },
    body: body.length ? body.toString("utf8") : undefined,
    isBase64Encoded: false,
  };
}

/** What API Gateway answers for a function that failed (an unhandled error) or ran past its timeout. */
const GATEWAY_ANSWER_TO = {
  "error-after-work": [500, { message: "Internal Server Error" }],
  "timeout-after-work": [503, { message: "Service Unavailable" }],
} as const;

/** API Gateway refuses payloads over 10 MB before the Lambda runs; the handler applies our 16 KB rule. */
const GATEWAY_BODY_LIMIT = 10 * 1024 * 1024;

async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL, authorizer: LocalAuthorizer) {
  const candidates = compiled.filter((r) => r.pattern.test(url.pathname));
  // HEAD is answered by the GET route, headers only (as CloudFront answers it for the cached reads)
  const route = candidates.find((r) => r.method === (req.method === "HEAD" ? "GET" : req.method));
  if (!route) return sendJson(res, candidates.length ? 405 : 404, { error: "Not found" });
  const match = route.pattern.exec(url.pathname)!;
  let claims: Record<string, unknown> | undefined;
  if (route.access === "admin") {
    claims = await authorizer.verify(req.headers.authorization);
    // API Gateway answers {"message":"Unauthorized"}; we add the "error" field our clients read.
    if (!claims) return sendJson(res, 401, { error: "Authentication required", message: "Unauthorized" });
  }
  const body = await readBody(req, GATEWAY_BODY_LIMIT);
  if (body === "too-large") return sendJson(res, 413, { message: "Request Entity Too Large" });
  const handler = await loadHandler(route.handler);
  // the faults of a run (FAULTS): inside the route's scope, and an invocation that did its work and then failed or timed out
  const { result, fault } = await inFaultScope(routeKey(route), async () => {
    const result = (await invocation(route.handler, "api", () => handler(toEvent(req, url, route, match, body, claims), lambdaContext(route.handler)))) as {
      statusCode: number;
      headers?: Record<string, string>;
      body?: string;
    };
    return { result, fault: await faultFor("lambda") };
  });
  if (fault) {
    const [status, answer] = GATEWAY_ANSWER_TO[fault as keyof typeof GATEWAY_ANSWER_TO];
    return sendJson(res, status, answer);
  }
  // CloudFront compresses the page routes' HTML (their cache policy accepts gzip, stacks/Web.ts); the
  // API's JSON it passes through as it is.
  if (isPageRoute(route) && result.body && /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""))) {
    const body = gzipSync(result.body);
    res.writeHead(result.statusCode, { ...result.headers, "content-encoding": "gzip", vary: "Accept-Encoding", "content-length": String(body.length) });
    return res.end(req.method === "HEAD" ? undefined : body);
  }
  res.writeHead(result.statusCode, result.headers);
  res.end(req.method === "HEAD" ? undefined : result.body);
}

function decodedPath(url: URL): string | undefined {
  try {
    return decodeURIComponent(url.pathname);
  } catch {
    return undefined;
  }
}

/** What CloudFront compresses (its list includes these types); images are compressed already. */
const COMPRESSIBLE = new Set([".html", ".js", ".css", ".json", ".svg", ".txt", ".xml"]);
const gzipped = new Map<string, { mtimeMs: number; body: Buffer }>();

/** The file gzipped, as CloudFront serves it to browsers that accept gzip; cached per file version. */
function gzipOf(file: string): Buffer {
  const { mtimeMs } = statSync(file);
  const hit = gzipped.get(file);
  if (hit?.mtimeMs === mtimeMs) return hit.body;
  const body = gzipSync(readFileSync(file), { level: 9 });
  gzipped.set(file, { mtimeMs, body });
  return body;
}

/** The site's routing rule for the build in `webDir`, read again whenever the build changes. */
const routers = new Map<string, { builtAt: number; route: (uri: string) => PageRoute }>();
function pageRoutes(webDir: string): (uri: string) => PageRoute {
  const shell = join(webDir, "index.html");
  const builtAt = existsSync(shell) ? statSync(shell).mtimeMs : 0;
  let router = routers.get(webDir);
  if (router?.builtAt !== builtAt) routers.set(webDir, (router = { builtAt, route: pageRouteFor(webDir) }));
  return router.route;
}

function serveStatic(req: IncomingMessage, res: ServerResponse, url: URL, webDir: string) {
  const decoded = decodedPath(url);
  if (decoded === undefined) {
    res.writeHead(400, { "content-type": "text/plain; charset=utf-8" });
    return res.end("Malformed percent-escape in the path");
  }
  const path = normalize(decoded).replace(/^(\.\.[/\\])+/, "");
  const file = join(webDir, path);
  const candidates = [file, join(file, "index.html")];
  let found = candidates.find((f) => f.startsWith(webDir) && existsSync(f) && statSync(f).isFile());
  // CloudFront's routing rule (stacks/site-routing.ts), run as it runs there: routes with parameters
  // get the app shell, the admin area its noindex shell, unknown paths the 404 page with status 404.
  const route = pageRoutes(webDir)(path.replace(/\\/g, "/"));
  if (!found || route.status === 404) found = join(webDir, route.uri);
  if (!existsSync(found)) {
    res.writeHead(503, { "content-type": "text/plain" });
    return res.end("The site is not built yet: run `npm run build:web`.");
  }
  const immutable = path.startsWith("/assets/");
  const headers: Record<string, string> = {
    "content-type": MIME[extname(found)] ?? "application/octet-stream",
    "cache-control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
  };
  const gzip = COMPRESSIBLE.has(extname(found)) && /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
  if (gzip) {
    const body = gzipOf(found);
    res.writeHead(route.status, { ...headers, "content-encoding": "gzip", vary: "Accept-Encoding", "content-length": String(body.length) });
    return res.end(req.method === "HEAD" ? undefined : body);
  }
  res.writeHead(route.status, headers);
  if (req.method === "HEAD") return res.end();
  createReadStream(found).pipe(res);
}

/**
 * API requests being handled right now. The local bus delivers events only once the API has been
 * quiet for QUIET_MS: here subscribers share DynamoDB Local and the CPU with the visitors, while
 * deployed they are separate Lambdas that never slow the API. A visitor's e-mails follow right after.
 */
let apiInFlight = 0;
let lastApiEnd = 0;
const QUIET_MS = 50;
export const apiBusy = () => apiInFlight > 0 || performance.now() - lastApiEnd < QUIET_MS;

/** The security headers, computed once per (region, Cognito endpoint, evidence bucket, dev) rather than per response. */
let headerCache: { key: string; headers: Record<string, string> } | undefined;
function responseHeaders(dev: boolean): Record<string, string> {
  const { AWS_REGION, USER_POOL_ENDPOINT, BUCKET_NAME, S3_ENDPOINT } = settings();
  const key = `${AWS_REGION}|${USER_POOL_ENDPOINT ?? ""}|${BUCKET_NAME}|${S3_ENDPOINT ?? ""}|${dev}`;
  if (headerCache?.key !== key) {
    headerCache = {
      key,
      headers: securityHeaders({
        cognitoOrigin: cognitoOrigin(AWS_REGION, USER_POOL_ENDPOINT),
        evidenceOrigin: evidenceOrigin(BUCKET_NAME, AWS_REGION, S3_ENDPOINT),
        viteDevServer: dev,
      }),
    };
  }
  return headerCache.headers;
}

export function createLocalServer(opts: LocalServerOptions): Server {
  process.env.ORIGIN_SECRET = originSecret;
  resetSettings();
  // (every failure is answered inside: a request's promise never rejects)
  return createServer((req, res) => void handle(req, res));

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", `http://${req.headers.host ?? "localhost"}`);
    try {
      // The embeddable widget, answered as CloudFront's function answers it (stacks/Web.ts): with its
      // own headers, the one page other sites may frame.
      const widget = embedResponse(url.pathname);
      if (widget) {
        res.writeHead(widget.statusCode, widget.headers);
        return res.end(req.method === "HEAD" ? undefined : widget.body);
      }
      // What CloudFront's response headers policy adds to every response (stacks/Web.ts).
      for (const [name, value] of Object.entries(responseHeaders(!!opts.devMiddleware))) res.setHeader(name, value);
      // Page routes of the route table (petition pages with their share tags), as CloudFront sends them
      // to the API; `npm run dev` leaves pages to Vite.
      const pageRoute = !opts.devMiddleware && compiled.some((r) => isPageRoute(r) && r.pattern.test(url.pathname));
      if (url.pathname === "/api" || url.pathname.startsWith("/api/") || pageRoute) {
        apiInFlight++;
        try {
          return await handleApi(req, res, url, opts.authorizer);
        } finally {
          apiInFlight--;
          lastApiEnd = performance.now();
          if (apiInFlight === 0) setTimeout(() => opts.bus?.kick(), QUIET_MS + 1);
        }
      }
      if (url.pathname === "/dev/mail" || url.pathname.startsWith("/dev/mail/") || url.pathname === "/dev/mail.json") {
        return await mailPages(req, res, url, opts.outboxDir);
      }
      if (url.pathname === "/dev/mail-queue.json") {
        // an administrators' digest still gathering counts as waiting mail too
        const [lanes, digests] = await Promise.all([MailQueue.pending(), MailQueue.openDigests()]);
        return sendJson(res, 200, { pending: Object.values(lanes).reduce((a, b) => a + b, digests.size), lanes, digests: digests.size });
      }
      if (url.pathname === "/dev/process.json") {
        // the API process's memory, for bench:admin's "memory growth"
        const { rss, heapUsed } = process.memoryUsage();
        return sendJson(res, 200, { rssBytes: rss, heapUsedBytes: heapUsed });
      }
      if (url.pathname === "/dev/bus.json") {
        return sendJson(res, 200, { backlog: opts.bus?.backlog() ?? 0, failures: opts.bus?.failures.length ?? 0 });
      }
      if (opts.devMiddleware) return opts.devMiddleware(req, res, () => serveStatic(req, res, url, opts.webDir));
      serveStatic(req, res, url, opts.webDir);
    } catch (err) {
      console.error("[local server]", err);
      if (!res.headersSent) sendJson(res, 500, { error: "Something went wrong. Please try again later." });
      else res.end();
    }
  }
}
