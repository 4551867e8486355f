import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Agent, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { settings } from "@site/core/config";
import { cognitoOrigin, evidenceOrigin, securityHeaders } from "@site/core/request/security-headers";
import { installLocalBus } from "../../scripts/local/bus";
import { localAuthorizer } from "../../scripts/local/auth";
import { freePort } from "../../scripts/local/ports";
import { createLocalServer } from "../../scripts/local/server";
import { newPetition, petitionItems, signer } from "../support/fixtures";
import { rawRequest, type RawRequest } from "../support/local-api";
import { inOneRateWindow } from "../support/rate-window";

installLocalBus();

const e = inject("emulators");
const webDir = mkdtempSync(join(tmpdir(), "edge-web-"));
let server: Server;
let port: number;

// Our own loopback address (Linux routes all of 127/8 to lo), so the per-IP rate limit this file
// exercises never shares its window with another test file's requests from 127.0.0.1.
const octet = () => Math.floor(Math.random() * 250) + 1;
const ownLoopback = () => (process.platform === "linux" ? `127.${octet()}.${octet()}.${octet()}` : "127.0.0.1");
const agent = new Agent({ localAddress: ownLoopback() });
const send = (req: RawRequest) => rawRequest(port, req, agent);

const FORGED = {
  "cloudfront-viewer-city": "Forgedville",
  "cloudfront-viewer-country": "ZZ",
  "cloudfront-viewer-latitude": "1.0",
  "x-origin-verify": "a-forged-origin-secret-that-is-long-enough",
};

beforeAll(async () => {
  writeFileSync(join(webDir, "index.html"), "<!doctype html><title>site</title>");
  mkdirSync(join(webDir, "outbox"));
  server = createLocalServer({
    webDir,
    outboxDir: join(webDir, "outbox"),
    authorizer: localAuthorizer({
      issuer: `${e.cognito}/${e.userPoolId}`,
      jwksUri: `${e.cognito}/${e.userPoolId}/.well-known/jwks.json`,
      clientId: e.clientId,
    }),
  });
  port = await freePort();
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
});

afterAll(async () => {
  agent.destroy();
  await new Promise<void>((r) => server.close(() => r()));
  rmSync(webDir, { recursive: true, force: true });
});

describe("the local server plays CloudFront", () => {
  it("drops forged viewer headers and origin secrets: 14 signs from one machine → 10 accepted, then 429", () =>
    inOneRateWindow(async () => {
      // a machine of its own, so that a second run is not counted with the first
      const machine = ownLoopback();
      const agent = new Agent({ localAddress: machine });
      const { id } = await newPetition();
      const limit = settings().SIGN_RATE_LIMIT_PER_MINUTE;
      const statuses: number[] = [];
      for (let i = 0; i < 14; i++) {
        const res = await rawRequest(
          port,
          {
            method: "POST",
            path: `/api/petitions/${id}/signatures`,
            headers: { "content-type": "application/json", "cloudfront-viewer-address": `198.51.100.${i + 1}:443`, ...FORGED },
            body: JSON.stringify(signer(`edge${i}`)),
          },
          agent,
        );
        statuses.push(res.status);
      }
      agent.destroy();
      expect(limit).toBe(10);
      expect(statuses).toEqual([...Array(10).fill(201), ...Array(4).fill(429)]);

      const stored = (await petitionItems(id)).signatures as any[];
      expect(stored).toHaveLength(10);
      for (const s of stored) {
        // The socket's address, as CloudFront-Viewer-Address set by the server; no location at all.
        expect(s.meta).toMatchObject({ ipAddress: machine, city: "Unknown", country: "Unknown", latitude: "Unknown" });
      }
    }));

  it("answers 415 to a signature that is not JSON (a cross-site form post) and writes nothing", async () => {
    const { id } = await newPetition();
    for (const type of ["application/x-www-form-urlencoded", "text/plain", undefined]) {
      const res = await send({
        method: "POST",
        path: `/api/petitions/${id}/signatures`,
        headers: type ? { "content-type": type } : {},
        body: "firstName=Ann&lastName=Lee&email=ann%40example.org",
      });
      expect(res.status, String(type)).toBe(415);
      expect(JSON.parse(res.body)).toEqual({ error: "Content-Type must be application/json" });
    }
    expect((await petitionItems(id)).signatures).toHaveLength(0);
  });

  it("answers a malformed percent-escape with 400, on API and site paths", async () => {
    const api = await send({ method: "GET", path: "/api/petitions/%E0%A4%A" });
    expect(api.status).toBe(400);
    expect(JSON.parse(api.body)).toEqual({ error: "Malformed percent-escape in the path" });
    const page = await send({ method: "GET", path: "/sign/%E0%A4%A" });
    expect(page.status).toBe(400);
  });

  it("answers HEAD of a petition's JSON as its GET, headers only: the edge-cache headers show with `curl -sI`", async () => {
    const { id } = await newPetition(100);
    const get = await send({ method: "GET", path: `/api/petitions/${id}` });
    const head = await send({ method: "HEAD", path: `/api/petitions/${id}` });
    expect(head.status).toBe(200);
    expect(head.body).toBe("");
    expect(head.headers["cache-control"]).toBe("public, max-age=5, s-maxage=10, stale-while-revalidate=30, stale-if-error=86400");
    expect(head.headers["cache-control"]).toBe(get.headers["cache-control"]);
    expect(head.headers["content-type"]).toBe(get.headers["content-type"]);
    // a write route has no HEAD
    expect((await send({ method: "HEAD", path: `/api/petitions/${id}/signatures` })).status).toBe(405);
  });
});

describe("security headers", () => {
  const expected = () => {
    const { AWS_REGION, BUCKET_NAME, S3_ENDPOINT } = settings();
    return securityHeaders({ cognitoOrigin: cognitoOrigin(AWS_REGION, e.cognito), evidenceOrigin: evidenceOrigin(BUCKET_NAME, AWS_REGION, S3_ENDPOINT) });
  };

  it.each([
    ["an API answer", "/api/health", 200],
    ["an API error", "/api/nope", 404],
    ["a page", "/", 200],
    ["a page fallback", "/petition/anything", 200],
    ["a refused path", "/%E0%A4%A", 400],
    ["the dev mail outbox", "/dev/mail", 200],
  ])("are sent with %s", async (_, path, status) => {
    const res = await send({ method: "GET", path });
    expect(res.status).toBe(status);
    for (const [name, value] of Object.entries(expected())) expect(res.headers[name.toLowerCase()], name).toBe(value);
  });

  it("allow the browser to reach the local Cognito emulator", () => {
    expect(expected()["Content-Security-Policy"]).toContain(`connect-src 'self' ${new URL(e.cognito).origin} `);
  });
});
