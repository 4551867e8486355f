import { beforeEach, describe, expect, it } from "vitest";
import { handler as sign } from "../../packages/functions/src/http/signature-create";
import { handler as getPetition } from "../../packages/functions/src/http/petition-get";
import { handler as count } from "../../packages/functions/src/http/signature-count";
import { handler as health } from "../../packages/functions/src/http/health";
import { Petition } from "@site/core/petition";
import { settings } from "@site/core/config";
import { call, httpEvent, viaCloudFront } from "../support/http";
import { inOneRateWindow } from "../support/rate-window";
import { newPetition, petitionItems, signer } from "../support/fixtures";
import { installLocalBus } from "../../scripts/local/bus";

installLocalBus();

const signEvent = (petitionId: string, body: unknown, extra: Parameters<typeof httpEvent>[0] = {}) =>
  httpEvent({
    method: "POST",
    path: `/api/petitions/${petitionId}/signatures`,
    pathParameters: { id: petitionId },
    body,
    // a distinct IP per request keeps these tests clear of the rate limit
    sourceIp: `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    ...extra,
  });

describe("signing a petition", () => {
  let petitionId: string;
  beforeEach(async () => {
    petitionId = (await newPetition()).id;
  });

  it("stores the signature with server-derived meta and returns the new count", async () => {
    const res = await call(
      sign,
      signEvent(petitionId, signer(1, { timeshareName: "Ocean Villas" }), {
        headers: viaCloudFront({
          "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1",
          "cloudfront-viewer-address": "203.0.113.9:443",
          "cloudfront-viewer-city": "Orlando",
          "cloudfront-viewer-country-region": "FL",
          "cloudfront-viewer-country": "US",
          "cloudfront-viewer-latitude": "28.53",
          "cloudfront-viewer-longitude": "-81.37",
        }),
      }),
    );
    expect(res.statusCode).toBe(201);
    // counted at once, its mailbox never confirmed: not called verified
    expect(res.body).toEqual({ signatureId: expect.any(String), status: "unverified", signatureCount: 1 });

    const { signatures, guards } = await petitionItems(petitionId);
    expect(signatures).toHaveLength(1);
    expect(guards).toHaveLength(1);
    const s = signatures[0] as any;
    expect(s.timeshareName).toBe("Ocean Villas");
    expect(s.createdDate).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(s.createdTime).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    expect(s.meta).toMatchObject({
      deviceType: "Mobile",
      browser: expect.stringMatching(/^Safari/),
      ipAddress: "203.0.113.9",
      city: "Orlando",
      region: "FL",
      country: "US",
      latitude: "28.53",
      longitude: "-81.37",
      screenResolution: "1920x1080",
      timezone: "America/Chicago",
      language: "en-US",
    });
  });

  it("falls back to Unknown without CloudFront headers and uses the socket address", async () => {
    await call(sign, signEvent(petitionId, signer(2), { sourceIp: "192.0.2.44" }));
    const [s] = (await petitionItems(petitionId)).signatures as any[];
    expect(s.meta).toMatchObject({ ipAddress: "192.0.2.44", city: "Unknown", country: "Unknown", deviceType: "Desktop" });
  });

  it("answers a second signature with the same e-mail, however it is cased, as a first one, and counts nothing", async () => {
    const first = signer(3);
    const answer = await call(sign, signEvent(petitionId, first));
    expect(answer.statusCode).toBe(201);
    const again = await call(sign, signEvent(petitionId, { ...signer(4), email: `  ${first.email.toUpperCase()} ` }));
    expect(again.statusCode).toBe(201);
    expect(Object.keys(again.body).sort()).toEqual(Object.keys(answer.body).sort());
    expect(again.body).toMatchObject({ status: "unverified", signatureCount: 1 });
    expect(again.body.signatureId).not.toBe(answer.body.signatureId);
    const items = await petitionItems(petitionId);
    expect(items.signatures).toHaveLength(1);
    expect(await Petition.count(petitionId, true)).toBe(1);
  });

  it("lets the same e-mail sign two different petitions", async () => {
    const other = (await newPetition()).id;
    const person = signer(5);
    expect((await call(sign, signEvent(petitionId, person))).statusCode).toBe(201);
    expect((await call(sign, signEvent(other, person))).statusCode).toBe(201);
  });

  it("answers 404 for an unknown petition and writes nothing", async () => {
    const res = await call(sign, signEvent("no-such-petition", signer(6)));
    expect(res.statusCode).toBe(404);
    expect(res.body).toEqual({ error: "Petition not found" });
    expect((await petitionItems("no-such-petition")).all).toHaveLength(0);
  });

  it.each([
    [{}, ["firstName", "lastName", "email"]],
    [{ firstName: " ", lastName: "Lee", email: "a@b.co" }, ["firstName"]],
    [{ firstName: "Ann", lastName: "Lee", email: "not-an-email" }, ["email"]],
    [{ firstName: "Ann", lastName: "Lee", email: "a@b.co", newsletterConsent: "yes" }, ["newsletterConsent"]],
    [{ firstName: "A".repeat(101), lastName: "Lee", email: "a@b.co" }, ["firstName"]],
    [{ firstName: "Ann", lastName: "Lee", email: "a@b.co", client: { screenResolution: "<script>" } }, ["client.screenResolution"]],
  ])("answers 400 with field messages for %j and writes nothing", async (body, fields) => {
    const res = await call(sign, signEvent(petitionId, body));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.body.fields).sort()).toEqual([...fields].sort());
    expect(res.body.error).toBe(res.body.fields[fields[0]]);
    expect((await petitionItems(petitionId)).signatures).toHaveLength(0);
  });

  it("answers 400 for malformed JSON and 413 for bodies over 16 KB", async () => {
    const malformed = await call(sign, signEvent(petitionId, undefined, { rawBody: '{"firstName":' }));
    expect(malformed).toMatchObject({ statusCode: 400, body: { error: "Malformed JSON body" } });
    const huge = await call(sign, signEvent(petitionId, { ...signer(7), timeshareName: "x".repeat(17 * 1024) }));
    expect(huge).toMatchObject({ statusCode: 413, body: { error: "Request body too large" } });
    expect((await petitionItems(petitionId)).all.filter((i) => i.type !== "petition" && i.type !== "counterShard")).toHaveLength(0);
    expect(await Petition.count(petitionId, true)).toBe(0);
  });

  it("limits signing per client IP and answers 429 with the spec's message", () =>
    inOneRateWindow(async () => {
      const { id } = await newPetition();
      const limit = settings().SIGN_RATE_LIMIT_PER_MINUTE;
      const ip = `172.16.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      const statuses: number[] = [];
      for (let i = 0; i < limit + 2; i++) {
        statuses.push((await call(sign, signEvent(id, signer(`rl${i}`), { sourceIp: ip }))).statusCode);
      }
      expect(statuses.filter((s) => s === 201)).toHaveLength(limit);
      const last = await call(sign, signEvent(id, signer("rl-last"), { sourceIp: ip }));
      expect(last).toMatchObject({ statusCode: 429, body: { error: "Too many attempts. Please wait a minute and try again." } });
      expect((await petitionItems(id)).signatures).toHaveLength(limit);
    }));
});

describe("reading petitions and counts", () => {
  it("GET /api/petitions/{id} returns the petition with its count, or the spec's 404", async () => {
    const p = await newPetition(250);
    await call(sign, signEvent(p.id, signer(8)));
    const res = await call(getPetition, httpEvent({ pathParameters: { id: p.id } }));
    expect(res).toMatchObject({
      statusCode: 200,
      body: { id: p.id, title: p.title, story: p.story, goal: 250, signatureCount: 1, pendingCount: 0, verifySignatures: false, milestones: [250] },
    });
    expect(Object.keys(res.body).sort()).toEqual([
      "createdAt",
      "goal",
      "id",
      "milestones",
      "pendingCount",
      "signatureCount",
      "story",
      "title",
      "verifySignatures",
    ]);
    // served at the edge: CloudFront keeps it 10 s, refreshes it in the background, and serves it through an API failure
    expect(res.headers?.["cache-control"]).toBe("public, max-age=5, s-maxage=10, stale-while-revalidate=30, stale-if-error=86400");
    const missing = await call(getPetition, httpEvent({ pathParameters: { id: "missing" } }));
    expect(missing).toMatchObject({ statusCode: 404, body: { error: "Petition not found" } });
    // an answer that is not the petition is never cached
    expect(missing.headers?.["cache-control"]).toBe("no-store");
  });

  it("GET /api/signatures/count counts the default petition and is cached at the edge like the petition", async () => {
    const id = settings().DEFAULT_PETITION_ID;
    await Petition.create({ id, title: "Default", story: "Default story", goal: 10, verifySignatures: false });
    await call(sign, signEvent(id, signer(9)));
    await call(sign, signEvent(id, signer(10)));
    const res = await call(count, httpEvent({}));
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({ count: 2 });
    expect(res.headers?.["cache-control"]).toBe("public, max-age=5, s-maxage=10, stale-while-revalidate=30, stale-if-error=86400");
  });

  it("GET /api/health answers ok", async () => {
    expect(await call(health, httpEvent({}))).toMatchObject({ statusCode: 200, body: { ok: true } });
  });
});
