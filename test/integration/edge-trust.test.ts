import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetSettings, settings } from "@site/core/config";
import { handler as sign } from "../../packages/functions/src/http/signature-create";
import { handler as getPetition } from "../../packages/functions/src/http/petition-get";
import { handler as health } from "../../packages/functions/src/http/health";
import { handler as testEmail } from "../../packages/functions/src/http/admin-test-email";
import { installLocalBus } from "../../scripts/local/bus";
import { newPetition, petitionItems, signer } from "../support/fixtures";
import { call, httpEvent, viaCloudFront } from "../support/http";
import { inOneRateWindow } from "../support/rate-window";

installLocalBus();

const octet = () => Math.floor(Math.random() * 250) + 1;
const hex = () => randomBytes(2).toString("hex");
const FORGED_GEO = {
  "cloudfront-viewer-city": "Forgedville",
  "cloudfront-viewer-country": "ZZ",
  "cloudfront-viewer-latitude": "1.0",
  "cloudfront-viewer-longitude": "2.0",
};

const signEvent = (petitionId: string, n: number | string, extra: Parameters<typeof httpEvent>[0] = {}) =>
  httpEvent({
    method: "POST",
    path: `/api/petitions/${petitionId}/signatures`,
    pathParameters: { id: petitionId },
    body: signer(n),
    sourceIp: `10.9.${octet()}.${octet()}`,
    ...extra,
  });

describe("who the client is: CloudFront's viewer headers only with the origin secret", () => {
  let petitionId: string;
  beforeEach(async () => {
    petitionId = (await newPetition()).id;
  });

  it("ignores a forged viewer address and location without the origin secret or with a wrong one", async () => {
    const forged = { "cloudfront-viewer-address": "198.51.100.7:443", ...FORGED_GEO };
    const sourceIp = `10.8.${octet()}.${octet()}`;
    expect((await call(sign, signEvent(petitionId, 1, { sourceIp, headers: forged }))).statusCode).toBe(201);
    const wrong = { ...forged, "x-origin-verify": `${settings().ORIGIN_SECRET}-guess` };
    expect((await call(sign, signEvent(petitionId, 2, { sourceIp, headers: wrong }))).statusCode).toBe(201);
    const stored = (await petitionItems(petitionId)).signatures as any[];
    expect(stored).toHaveLength(2);
    for (const s of stored) {
      expect(s.meta).toMatchObject({ ipAddress: sourceIp, city: "Unknown", country: "Unknown", latitude: "Unknown", longitude: "Unknown" });
    }
  });

  it("counts a caller rotating forged viewer addresses as one client: 10 accepted, then 429", () =>
    inOneRateWindow(async () => {
      const limit = settings().SIGN_RATE_LIMIT_PER_MINUTE;
      const sourceIp = `10.7.${octet()}.${octet()}`;
      const statuses: number[] = [];
      for (let i = 0; i < limit + 4; i++) {
        const headers = { "cloudfront-viewer-address": `198.51.${i}.${octet()}:443` };
        statuses.push((await call(sign, signEvent(petitionId, `rot${i}`, { sourceIp, headers }))).statusCode);
      }
      expect(statuses).toEqual([...Array(limit).fill(201), ...Array(4).fill(429)]);
    }));

  it("stores a trusted IPv6 viewer address without its port", async () => {
    const headers = viaCloudFront({ "cloudfront-viewer-address": "2001:db8:a:b:c::1:46532", "cloudfront-viewer-city": "Lisbon" });
    expect((await call(sign, signEvent(petitionId, 3, { headers }))).statusCode).toBe(201);
    const [s] = (await petitionItems(petitionId)).signatures as any[];
    expect(s.meta).toMatchObject({ ipAddress: "2001:db8:a:b:c::1", city: "Lisbon" });
  });

  it("rate-limits IPv6 clients per /64: new addresses in the same /64 do not reset the limit", () =>
    inOneRateWindow(async () => {
      const limit = settings().SIGN_RATE_LIMIT_PER_MINUTE;
      const prefix = `2001:db8:${hex()}:${hex()}`;
      const statuses: number[] = [];
      for (let i = 0; i < limit + 2; i++) {
        const headers = viaCloudFront({ "cloudfront-viewer-address": `${prefix}:${hex()}:${hex()}::${i + 1}:443` });
        statuses.push((await call(sign, signEvent(petitionId, `v6${i}`, { headers }))).statusCode);
      }
      expect(statuses).toEqual([...Array(limit).fill(201), 429, 429]);
      // The next /64 is someone else.
      const neighbour = viaCloudFront({ "cloudfront-viewer-address": `2001:db8:${hex()}:${hex()}::1:443` });
      expect((await call(sign, signEvent(petitionId, "v6-other", { headers: neighbour }))).statusCode).toBe(201);
    }));
});

describe("request bodies are JSON only", () => {
  const UNSUPPORTED = { statusCode: 415, body: { error: "Content-Type must be application/json" } };
  let petitionId: string;
  beforeEach(async () => {
    petitionId = (await newPetition()).id;
  });

  it.each([
    ["text/plain", "text/plain"],
    ["an HTML form's type", "application/x-www-form-urlencoded"],
    ["multipart", "multipart/form-data; boundary=x"],
    ["JSON in another charset", "application/json; charset=utf-16"],
    ["a JSON look-alike", "application/jsonp"],
  ])("refuses a signature sent as %s with 415 and writes nothing", async (_, type) => {
    const res = await call(sign, signEvent(petitionId, 1, { headers: { "content-type": type } }));
    expect(res).toMatchObject(UNSUPPORTED);
    expect((await petitionItems(petitionId)).signatures).toHaveLength(0);
  });

  it("refuses a write without a content type, even one without a body", async () => {
    const noType = signEvent(petitionId, 2);
    delete noType.headers["content-type"];
    expect(await call(sign, noType)).toMatchObject(UNSUPPORTED);
    const bodiless = httpEvent({ method: "POST", path: "/api/admin/test-email", claims: { sub: "u1", "cognito:groups": ["admin"] } });
    delete bodiless.headers["content-type"];
    expect(await call(testEmail, bodiless)).toMatchObject(UNSUPPORTED);
  });

  it("refuses any request carrying a non-JSON body, whatever the method", async () => {
    const res = await call(health, httpEvent({ method: "GET", path: "/api/health", rawBody: "a=b", headers: { "content-type": "text/plain" } }));
    expect(res).toMatchObject(UNSUPPORTED);
  });

  it("accepts JSON with a UTF-8 charset, and reads without a content type", async () => {
    const res = await call(sign, signEvent(petitionId, 3, { headers: { "content-type": "Application/JSON; charset=UTF-8" } }));
    expect(res.statusCode).toBe(201);
    const read = httpEvent({ method: "GET", path: "/api/health" });
    delete read.headers["content-type"];
    expect((await call(health, read)).statusCode).toBe(200);
  });
});

describe("path parameters", () => {
  it("answers a malformed percent-escape with 400, not 500", async () => {
    const res = await call(getPetition, httpEvent({ path: "/api/petitions/%E0%A4%A", pathParameters: { id: "%E0%A4%A" } }));
    expect(res).toMatchObject({ statusCode: 400, body: { error: "Malformed percent-escape in the path" } });
  });

  it("still decodes well-formed escapes", async () => {
    const petition = await newPetition();
    const encoded = encodeURIComponent(petition.id);
    const res = await call(getPetition, httpEvent({ path: `/api/petitions/${encoded}`, pathParameters: { id: encoded } }));
    expect(res.body.id).toBe(petition.id);
    const missing = await call(getPetition, httpEvent({ path: "/api/petitions/%C3%A9t%C3%A9", pathParameters: { id: "%C3%A9t%C3%A9" } }));
    expect(missing.statusCode).toBe(404);
  });
});

describe("the API only through CloudFront (REQUIRE_ORIGIN_SECRET, deployed on every route)", () => {
  let petitionId: string;
  beforeEach(async () => {
    petitionId = (await newPetition()).id;
    vi.stubEnv("REQUIRE_ORIGIN_SECRET", "true");
    resetSettings();
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    resetSettings();
  });

  it("refuses a request without the origin secret, or with a wrong one, before any work: 403, nothing written", async () => {
    const guess = { "x-origin-verify": `${settings().ORIGIN_SECRET}-guess` };
    for (const headers of [{}, guess]) {
      const res = await call(sign, signEvent(petitionId, `direct-${hex()}`, { headers }));
      expect(res).toMatchObject({ statusCode: 403, body: { error: "Forbidden" } });
      expect(await call(getPetition, httpEvent({ pathParameters: { id: petitionId }, headers }))).toMatchObject({ statusCode: 403 });
      expect(await call(health, httpEvent({ headers }))).toMatchObject({ statusCode: 403 });
    }
    // even a malformed body is not looked at
    expect(await call(sign, signEvent(petitionId, "bad", { rawBody: "{" }))).toMatchObject({ statusCode: 403 });
    expect((await petitionItems(petitionId)).signatures).toHaveLength(0);
  });

  it("answers a request that came through CloudFront as usual", async () => {
    const res = await call(sign, signEvent(petitionId, `edge-${hex()}`, { headers: viaCloudFront({ "cloudfront-viewer-address": "203.0.113.77:5000" }) }));
    expect(res.statusCode).toBe(201);
    expect(await call(health, httpEvent({ headers: viaCloudFront({}) }))).toMatchObject({ statusCode: 200 });
    expect((await petitionItems(petitionId)).signatures).toHaveLength(1);
  });
});
