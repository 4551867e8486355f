import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { Agent, request, type OutgoingHttpHeaders, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inject } from "vitest";
import { localAuthorizer } from "../../scripts/local/auth";
import { freePort } from "../../scripts/local/ports";
import { createLocalServer } from "../../scripts/local/server";
import { resetSettings } from "../../packages/core/src/config";
import { PETITION_TEMPLATES, TEMPLATE_PETITION, templatePath } from "../../packages/core/src/site/petition-template";

/**
 * The local server (what API Gateway and its JWT authorizer do, in one process) on a free port,
 * serving the route table with the test process's handlers and settings. Paths outside /api get a
 * stand-in app shell, as a built site would serve them, and the site's address (SITE_URL) is this server.
 */
export async function startLocalApi(): Promise<{ base: string; port: number; close(): Promise<void> }> {
  const e = inject("emulators");
  const webDir = mkdtempSync(join(tmpdir(), "timeshare-web-"));
  writeFileSync(join(webDir, "spa.html"), '<!doctype html><html><head><title>app shell</title></head><body><div id="root"></div></body></html>');
  // Stand-ins for the petition page templates the build writes (packages/core/src/site/petition-template.ts).
  mkdirSync(join(webDir, "_templates"));
  for (const [name, route] of Object.entries(PETITION_TEMPLATES)) {
    const path = route.replace(":id", TEMPLATE_PETITION.id);
    writeFileSync(
      join(webDir, templatePath(name as keyof typeof PETITION_TEMPLATES)),
      `<!doctype html><html><head><title>template</title></head><body><div id="root" data-prerendered="${path}"><h1>${TEMPLATE_PETITION.title}</h1><p>${TEMPLATE_PETITION.story}</p></div></body></html>`,
    );
  }
  const server: Server = createLocalServer({
    webDir,
    outboxDir: "/nonexistent",
    authorizer: localAuthorizer({
      issuer: `${e.cognito}/${e.userPoolId}`,
      jwksUri: `${e.cognito}/${e.userPoolId}/.well-known/jwks.json`,
      clientId: e.clientId,
    }),
  });
  const port = await freePort();
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
  // The petition pages fetch the site's shell from the site itself, as deployed.
  process.env.SITE_URL = `http://127.0.0.1:${port}`;
  resetSettings();
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export interface RawRequest {
  method: string;
  /** Sent exactly as given: no normalisation of dot segments or percent-escapes (unlike fetch). */
  path: string;
  headers?: OutgoingHttpHeaders;
  body?: string | Buffer;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTP/1.1 request with the path and body byte for byte as given; a socket error rejects. */
export function rawRequest(port: number, req: RawRequest, agent?: Agent): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const body = req.body === undefined ? undefined : Buffer.isBuffer(req.body) ? req.body : Buffer.from(req.body, "utf8");
    const outgoing = request(
      {
        host: "127.0.0.1",
        port,
        method: req.method,
        path: req.path,
        agent,
        headers: { ...(body ? { "content-length": body.length } : {}), ...req.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

/** A client at an address of its own (its socket binds there), so per-IP rate limits see distinct visitors. */
export interface Client {
  ip: string;
  agent: Agent;
}

/** Visitors at 127.0.<subnet>.1, .2, …: one subnet per test file keeps files from sharing an address. */
export function loopbackVisitors(subnet: number): () => Client {
  let lastHost = 0;
  return () => {
    const ip = `127.0.${subnet}.${++lastHost}`;
    return { ip, agent: new Agent({ localAddress: ip } as ConstructorParameters<typeof Agent>[0]) };
  };
}
