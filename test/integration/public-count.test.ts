/**
 * A petition's public count (docs/public-api.md): a signature's country and state are added from the
 * table's stream, a batch at a time (signature/effects.ts), every deletion subtracts exactly what the
 * signature added (admin delete,
 * delete-all, erasure; anonymisation keeps it), the petition's deletion takes the counts with it, and
 * `GET /api/public/petitions/{id}` answers them with its cache and CORS headers.
 */
import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { beforeAll, describe, expect, it } from "vitest";
import { db, table } from "@site/core/db/client";
import { Keys } from "@site/core/db/keys";
import { Petition } from "@site/core/petition";
import { SignatureDeletion } from "@site/core/signature/deletion";
import { geoCounts, tallyUpdates, type GeoTally } from "@site/core/signature/geo-counts";
import { remove as removePetition } from "@site/core/signature/petition-deletion";
import { SMALL_CELL_MINIMUM } from "@site/core/signature/public-count";
import { signatureKind } from "@site/core/signature/record-kind";
import { anonymiseOldSignatures } from "@site/core/signature/retention";
import { handler as sign } from "../../packages/functions/src/http/signature-create";
import { handler as publicCount } from "../../packages/functions/src/http/public-petition-get";
import { call, httpEvent, viaCloudFront } from "../support/http";
import { newPetition, petitionItems, signer } from "../support/fixtures";
import { useOwnTable } from "../support/table-snapshot";
import { installLocalBus, type LocalBus } from "../../scripts/local/bus";

let bus: LocalBus;
beforeAll(async () => {
  await useOwnTable("public-count");
  // the counts by place come from the stream's consumer (its e-mails are not under test here)
  bus = installLocalBus();
});

/** CloudFront's viewer headers for a place: codes, and the names CloudFront adds beside them. */
const PLACES = {
  california: {
    "cloudfront-viewer-country": "US",
    "cloudfront-viewer-country-name": "United States",
    "cloudfront-viewer-country-region": "CA",
    "cloudfront-viewer-country-region-name": "California",
  },
  florida: { "cloudfront-viewer-country": "US", "cloudfront-viewer-country-region": "FL" },
  usUnknownState: { "cloudfront-viewer-country": "US", "cloudfront-viewer-country-region": "ZZ" },
  france: { "cloudfront-viewer-country": "FR", "cloudfront-viewer-country-name": "France", "cloudfront-viewer-country-region": "IDF" },
  nowhere: { "cloudfront-viewer-country": "not a code" },
  none: {},
} satisfies Record<string, Record<string, string>>;

let ip = 0;
async function signFrom(petitionId: string, place: Record<string, string>): Promise<string> {
  const res = await call(
    sign,
    httpEvent({
      method: "POST",
      path: `/api/petitions/${petitionId}/signatures`,
      pathParameters: { id: petitionId },
      body: signer(++ip),
      sourceIp: `10.9.${Math.floor(ip / 250)}.${ip % 250}`,
      headers: viaCloudFront({ "cloudfront-viewer-address": `203.0.113.${ip % 250}:443`, ...place }),
    }),
  );
  expect(res.statusCode, JSON.stringify(res.body)).toBe(201);
  await bus.idle();
  return res.body.signatureId as string;
}

const getCount = (id: string) => call(publicCount, httpEvent({ method: "GET", path: `/api/public/petitions/${id}`, pathParameters: { id } }));

/** Per shard: what the counter shard holds and what that shard's counts by place add up to. */
async function perShard(petitionId: string) {
  const { shards, geo } = await petitionItems(petitionId);
  const counter = new Map(shards.map((s) => [Number(String(s.pk).split("#").pop()), Number(s.count)]));
  const places = new Map<number, { countries: number; states: number }>();
  for (const item of geo) {
    const [, , part, shard] = String(item.pk).split("#");
    const sum = Object.entries(item)
      .filter(([k]) => k !== "pk" && k !== "sk")
      .reduce((n, [, v]) => n + Number(v), 0);
    const entry = places.get(Number(shard)) ?? { countries: 0, states: 0 };
    if (part === "S") entry.states += sum;
    else entry.countries += sum;
    places.set(Number(shard), entry);
  }
  return { counter, places };
}

describe("counts by place, kept with the writes", () => {
  let petitionId: string;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    petitionId = (await newPetition(50)).id;
    for (const [name, place] of Object.entries(PLACES)) ids[name] = await signFrom(petitionId, place);
    ids.california2 = await signFrom(petitionId, PLACES.california);
  });

  it("adds each signature to its country, and a US signer to its state; unknown places apart", async () => {
    expect(await geoCounts(petitionId)).toEqual({
      byState: { CA: 2, FL: 1 },
      byCountry: { FR: 1, US: 4 },
      unknownState: 1,
      unknownCountry: 2,
    });
    const signature = (await petitionItems(petitionId)).signatures.find((s) => s.id === ids.california)!;
    expect(signature.geo).toEqual({ country: "US", state: "US-CA" });
    expect(signature.meta).toMatchObject({ country: "United States", region: "California", countryCode: "US", regionCode: "CA" });
  });

  it("adds each counted signature's place once: the counts by place of every shard add up to the counter's", async () => {
    const { counter, places } = await perShard(petitionId);
    const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);
    expect(sum([...places.values()].map((p) => p.countries))).toBe(sum(counter.values()));
    expect(sum([...places.values()].map((p) => p.states))).toBe(4);
  });

  it("keeps every shard item small: one write unit", async () => {
    const { geo } = await petitionItems(petitionId);
    expect(geo.length).toBeGreaterThan(0);
    for (const item of geo) expect(Buffer.byteLength(JSON.stringify(item))).toBeLessThan(1024);
  });

  it("answers them as the public JSON, with the edge's cache headers, CORS and no cookie", async () => {
    const res = await getCount(petitionId);
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      "cache-control": "public, max-age=60, s-maxage=60",
      "access-control-allow-origin": "*",
      "content-type": "application/json; charset=utf-8",
    });
    expect(Object.keys(res.headers!).map((h) => h.toLowerCase())).not.toContain("set-cookie");
    expect(res.body).toEqual({
      id: petitionId,
      title: "Test petition",
      url: expect.stringMatching(new RegExp(`^https?://[^/]+/sign/${petitionId}$`)),
      goal: 50,
      signatureCount: 7,
      // a petition that does not verify: counted, none called verified
      verifiedCount: 0,
      pendingCount: 0,
      // CA 2, FL 1, FR 1, US 4: every place under SMALL_CELL_MINIMUM is withheld
      byState: {},
      byCountry: {},
      updatedAt: expect.any(String),
    });
    expect(Date.now() - Date.parse(res.body.updatedAt)).toBeLessThan(60_000);
  });

  it(`shows a place only from ${SMALL_CELL_MINIMUM} signatures: a small petition's figures do not locate one signer`, async () => {
    const small = (await newPetition(50)).id;
    for (let i = 0; i < SMALL_CELL_MINIMUM; i++) await signFrom(small, PLACES.california);
    await signFrom(small, PLACES.florida);
    await signFrom(small, PLACES.france);
    const res = await getCount(small);
    expect(res.body).toMatchObject({ signatureCount: 7, byState: { CA: SMALL_CELL_MINIMUM }, byCountry: { US: SMALL_CELL_MINIMUM + 1 } });
    // the console's figures (and the delivery pack's) keep every place
    expect(await geoCounts(small)).toMatchObject({ byState: { CA: SMALL_CELL_MINIMUM, FL: 1 }, byCountry: { FR: 1, US: SMALL_CELL_MINIMUM + 1 } });
  });

  it("answers an unknown petition 404, cached briefly", async () => {
    for (const id of ["no-such-petition", "Not A Possible Id"]) {
      const res = await getCount(id);
      expect([res.statusCode, res.body]).toEqual([404, { error: "Petition not found" }]);
      expect(res.headers).toMatchObject({ "cache-control": "public, max-age=10, s-maxage=10", "access-control-allow-origin": "*" });
    }
  });
});

describe("deletions subtract exactly what a signature added", () => {
  it("an administrator's delete, an erasure, anonymisation (which keeps it) and delete-all", async () => {
    const petitionId = (await newPetition()).id;
    const fr = await signFrom(petitionId, PLACES.france);
    const ca = await signFrom(petitionId, PLACES.california);
    const fl = await signFrom(petitionId, PLACES.florida);
    await signFrom(petitionId, PLACES.california);
    await signFrom(petitionId, PLACES.none);

    await SignatureDeletion.remove(petitionId, fr);
    expect(await geoCounts(petitionId)).toEqual({ byState: { CA: 2, FL: 1 }, byCountry: { US: 3 }, unknownState: 0, unknownCountry: 1 });

    // erasure removes each record through its kind's descriptor
    expect(await signatureKind.remove!(Keys.signature(petitionId, ca), { email: "erased@example.com" })).toBeDefined();
    expect((await geoCounts(petitionId)).byState).toEqual({ CA: 1, FL: 1 });

    // anonymised signatures stay counted, where they were signed too
    const now = new Date();
    expect(await anonymiseOldSignatures(new Date(now.getTime() + 60_000), now, { over: () => false })).toBeGreaterThanOrEqual(3);
    expect((await petitionItems(petitionId)).signatures.find((s) => s.id === fl)).toMatchObject({
      anonymisedAt: expect.any(String),
      geo: { country: "US", state: "US-FL" },
    });
    expect((await geoCounts(petitionId)).byState).toEqual({ CA: 1, FL: 1 });
    await SignatureDeletion.remove(petitionId, fl);
    expect((await geoCounts(petitionId)).byState).toEqual({ CA: 1 });

    let progress;
    do progress = await SignatureDeletion.deleteAll({ petitionId }, new Date(Date.now() + 1000).toISOString());
    while (!progress.done);
    expect(await Petition.count(petitionId, true)).toBe(0);
    expect(await geoCounts(petitionId)).toEqual({ byState: {}, byCountry: {}, unknownState: 0, unknownCountry: 0 });
    // a shard may hold a negative place (deletions subtract on any shard); together they hold none
    const { places } = await perShard(petitionId);
    const total = [...places.values()].reduce((t, p) => ({ countries: t.countries + p.countries, states: t.states + p.states }), { countries: 0, states: 0 });
    expect(total).toEqual({ countries: 0, states: 0 });
  });

  it("a signature from before the counts by place (no `geo`) subtracts nothing", async () => {
    const petitionId = (await newPetition()).id;
    const old = await signFrom(petitionId, PLACES.florida);
    await signFrom(petitionId, PLACES.florida);
    // as if signed before the counts existed: no `geo`, and never counted
    const tally: GeoTally = { country: "US", state: "US-FL" };
    for (const update of tallyUpdates(petitionId, [tally], -1, 0)) await db().send(new UpdateCommand(update));
    await db().send(new UpdateCommand({ TableName: table(), Key: Keys.signature(petitionId, old), UpdateExpression: "REMOVE geo" }));
    expect((await geoCounts(petitionId)).byState).toEqual({ FL: 1 });

    await SignatureDeletion.remove(petitionId, old);
    expect((await geoCounts(petitionId)).byState).toEqual({ FL: 1 });
    let progress;
    do progress = await SignatureDeletion.deleteAll({ petitionId }, new Date(Date.now() + 1000).toISOString());
    while (!progress.done);
    expect(await geoCounts(petitionId)).toMatchObject({ byState: {}, byCountry: {} });
  });

  it("deleting the petition deletes its counts by place", async () => {
    const petitionId = (await newPetition()).id;
    await signFrom(petitionId, PLACES.california);
    await signFrom(petitionId, PLACES.france);
    expect((await petitionItems(petitionId)).geo.length).toBeGreaterThan(0);
    let progress = await removePetition(petitionId, { id: "op", continued: false });
    while (!progress.done) progress = await removePetition(petitionId, { id: "op", continued: true });
    expect((await petitionItems(petitionId)).all).toEqual([]);
    expect((await getCount(petitionId)).statusCode).toBe(404);
  });
});
