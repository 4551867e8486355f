import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetSettings } from "../src/config";
import { itemSize, keyClass } from "../src/db/capacity";
import { Keys } from "../src/db/keys";
import { COUNTRY_CODES, US_STATES, countryCode, usStateCode } from "../src/signature/geo-codes";
import { PARTS, STATES_PART, UNKNOWN, countryPart, geoTally, sumShards, tallyUpdates } from "../src/signature/geo-counts";

const meta = (place: { country?: string; region?: string; countryCode?: string; regionCode?: string }) => ({
  country: "Unknown",
  region: "Unknown",
  ...place,
});

describe("place codes", () => {
  it("know the 249 ISO 3166-1 countries and the 57 US subdivisions", () => {
    expect(COUNTRY_CODES.size).toBe(249);
    for (const code of COUNTRY_CODES) expect(code).toMatch(/^[A-Z]{2}$/);
    expect(Object.keys(US_STATES)).toHaveLength(57);
    // Node's ICU names every code it knows; an unassigned one falls back to the code itself
    const names = new Intl.DisplayNames("en", { type: "region", fallback: "code" });
    for (const code of COUNTRY_CODES) expect(names.of(code), code).not.toBe(code);
  });

  it("take two letters, any case, and nothing else", () => {
    expect(countryCode("fr")).toBe("FR");
    expect(countryCode(" US ")).toBe("US");
    for (const bad of [undefined, "", "Unknown", "France", "ZZ", "XX", "U1", "USA", "😀"]) expect(countryCode(bad), String(bad)).toBeUndefined();
    expect(usStateCode("ca")).toBe("CA");
    for (const bad of ["California", "ZZ", "XX", "", undefined]) expect(usStateCode(bad), String(bad)).toBeUndefined();
  });
});

describe("where a signature is counted", () => {
  it("by CloudFront's codes, beside the names it stores", () => {
    expect(geoTally(meta({ country: "United States", region: "California", countryCode: "US", regionCode: "CA" }))).toEqual({ country: "US", state: "US-CA" });
    expect(geoTally(meta({ country: "France", region: "Île-de-France", countryCode: "FR", regionCode: "IDF" }))).toEqual({ country: "FR" });
  });

  it("by the stored place when it is a code itself (viewer headers without names)", () => {
    expect(geoTally(meta({ country: "US", region: "FL" }))).toEqual({ country: "US", state: "US-FL" });
    expect(geoTally(meta({ country: "de" }))).toEqual({ country: "DE" });
  });

  it("as unknown when the place is missing or not a known code", () => {
    expect(geoTally(meta({}))).toEqual({ country: UNKNOWN });
    expect(geoTally(meta({ country: "United States", region: "California" }))).toEqual({ country: UNKNOWN });
    expect(geoTally(meta({ countryCode: "ZZ" }))).toEqual({ country: UNKNOWN });
    expect(geoTally(meta({ countryCode: "US" }))).toEqual({ country: "US", state: UNKNOWN });
    expect(geoTally(meta({ countryCode: "US", regionCode: "ZZ" }))).toEqual({ country: "US", state: UNKNOWN });
  });
});

describe("the shard items", () => {
  it("hold each country in one of three parts by first letter, unknown in the first", () => {
    expect(countryPart("AD")).toBe("C1");
    expect(countryPart("FR")).toBe("C1");
    expect(countryPart("GB")).toBe("C2");
    expect(countryPart("MX")).toBe("C2");
    expect(countryPart("US")).toBe("C3");
    expect(countryPart(UNKNOWN)).toBe("C1");
    expect(PARTS).toEqual([STATES_PART, "C1", "C2", "C3"]);
  });

  it("stay under 1 KB with every place at a billion, on the longest petition id (one write unit, two in a transaction)", () => {
    const id = "p".repeat(64);
    const big = -987_654_321;
    const items = new Map<string, Record<string, unknown>>(PARTS.map((part) => [part, { ...Keys.geoShard(id, part, 99) }]));
    items.get(STATES_PART)![UNKNOWN] = big;
    for (const state of Object.keys(US_STATES)) items.get(STATES_PART)![`US-${state}`] = big;
    for (const code of [...COUNTRY_CODES, UNKNOWN]) items.get(countryPart(code))![code] = big;
    for (const [part, item] of items) expect(itemSize(item), part).toBeLessThanOrEqual(1024);
  });

  it("are their own key class, beside the counter shards", () => {
    expect(keyClass("table", Keys.geoShard("p-1", "S", 3).pk)).toBe("GEO");
  });
});

describe("changing the counts", () => {
  beforeAll(() => {
    vi.stubEnv("TABLE_NAME", "unit-table");
    resetSettings();
  });
  afterAll(() => {
    vi.unstubAllEnvs();
    resetSettings();
  });

  it("adds one signature to its country's and state's items on the given shard", () => {
    const updates = tallyUpdates("p-1", [{ country: "US", state: "US-CA" }], 1, 7);
    expect(updates.map((u) => [u.Key, u.UpdateExpression, u.ExpressionAttributeNames, u.ExpressionAttributeValues])).toEqual([
      [Keys.geoShard("p-1", "C3", 7), "ADD #p0 :n0", { "#p0": "US" }, { ":n0": 1 }],
      [Keys.geoShard("p-1", "S", 7), "ADD #p0 :n0", { "#p0": "US-CA" }, { ":n0": 1 }],
    ]);
  });

  it("subtracts a group's places with one update per item touched", () => {
    const tallies = [{ country: "US", state: "US-CA" }, { country: "US", state: "US-CA" }, { country: "FR" }, { country: "GB" }, { country: UNKNOWN }];
    const updates = tallyUpdates("p-1", tallies, -1, 0);
    expect(updates).toHaveLength(4);
    const byKey = Object.fromEntries(
      updates.map((u) => [
        u.Key!.pk,
        Object.fromEntries(Object.entries(u.ExpressionAttributeNames!).map(([name, attr]) => [attr, u.ExpressionAttributeValues![name.replace("#p", ":n")]])),
      ]),
    );
    expect(byKey).toEqual({
      "GEO#p-1#C3#0": { US: -2 },
      "GEO#p-1#S#0": { "US-CA": -2 },
      "GEO#p-1#C1#0": { FR: -1, unknown: -1 },
      "GEO#p-1#C2#0": { GB: -1 },
    });
  });

  it("writes nothing for no signature", () => {
    expect(tallyUpdates("p-1", [], -1, 0)).toEqual([]);
  });
});

describe("summing the shards", () => {
  it("adds every shard's places, leaves out places with none, and counts unknown apart", () => {
    const counts = sumShards([
      { ...Keys.geoShard("p-1", "S", 0), "US-CA": 3, "US-TX": 1, unknown: 1 },
      { ...Keys.geoShard("p-1", "S", 1), "US-CA": 2, "US-TX": -1 },
      { ...Keys.geoShard("p-1", "C3", 0), US: 5 },
      { ...Keys.geoShard("p-1", "C3", 1), US: 1 },
      { ...Keys.geoShard("p-1", "C1", 4), FR: 2, unknown: 3 },
      { ...Keys.geoShard("p-1", "C1", 5), FR: -2, CA: 1 },
    ]);
    expect(counts).toEqual({ byState: { CA: 5 }, byCountry: { CA: 1, US: 6 }, unknownState: 1, unknownCountry: 3 });
  });

  it("answers empty counts for no shard", () => {
    expect(sumShards([])).toEqual({ byState: {}, byCountry: {}, unknownState: 0, unknownCountry: 0 });
  });
});
