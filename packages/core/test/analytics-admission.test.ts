/**
 * The admission rule of referrers, UTM sources and campaigns (security review L10), as the recount
 * applies it (`distinctCap`): a value takes one of a bucket's MAX_DISTINCT_VALUES places only once
 * ADMIT_NETWORKS networks sent it, and then counts every one of its hits. The ingest's conditional
 * writes give the same numbers: test/integration/analytics-limits.test.ts.
 */
import { describe, expect, it } from "vitest";
import { ADMIT_NETWORKS, MAX_DISTINCT_VALUES, OTHER_VALUE, distinctCap } from "../src/analytics/admission";
import { addTo, contribution, emptyCounts, type Contribution, type ValueDimension } from "../src/analytics/counts";
import type { DerivedHit } from "../src/analytics/derive";
import { truncateIp } from "../src/analytics/truncate-ip";

const hit = (ip: string, tags: { referrer?: string; utmSource?: string; utmCampaign?: string }): Contribution =>
  contribution(
    {
      kind: "pageview",
      path: "/petition",
      route: "/petition",
      device: "Mobile",
      browser: "Safari",
      os: "iOS",
      location: "Unknown",
      ip: truncateIp(ip),
      ...tags,
    } as DerivedHit,
    false,
  );

const counted = (hits: Contribution[], dimension: ValueDimension) => distinctCap(hits).reduce((c, h) => addTo(c, h), emptyCounts()).dims[dimension];

describe("admission by networks", () => {
  it("needs 3 networks", () => expect(ADMIT_NETWORKS).toBe(3));

  it("never admits a value one network sends, whatever addresses and visitors it rotates", () => {
    // one /24: 256 addresses, each a new visitor id; more junk values than the bucket has places, each sent 3 times
    const junk = Array.from({ length: MAX_DISTINCT_VALUES + 20 }, (_, i) => `junk-${i}.example`);
    const hits = junk.flatMap((value, i) => [0, 1, 2].map((k) => hit(`198.51.100.${(i * 3 + k) % 256}`, { referrer: value, utmSource: value })));
    expect(new Set(hits.map((h) => h.network))).toEqual(new Set(["198.51.100.0"]));
    expect(counted(hits, "referrer")).toEqual({ [OTHER_VALUE]: hits.length });
    expect(counted(hits, "source")).toEqual({ [OTHER_VALUE]: hits.length });
    // IPv6: every address of a /48 is one network
    const v6 = ["2001:db8:1:1::1", "2001:db8:1:2::1", "2001:db8:1:ffff::9"].map((ip) => hit(ip, { referrer: "six.example" }));
    expect(counted(v6, "referrer")).toEqual({ [OTHER_VALUE]: 3 });
  });

  it("admits a value at its third network, with every hit it had before; the others stay other", () => {
    const hits = [
      hit("192.0.2.10", { referrer: "news.example.org", utmCampaign: "spring" }),
      hit("192.0.2.11", { referrer: "news.example.org", utmCampaign: "spring" }),
      hit("203.0.113.5", { referrer: "news.example.org", utmCampaign: "spring" }),
      hit("2001:db8:7::1", { referrer: "news.example.org" }),
      hit("192.0.2.12", { referrer: "news.example.org" }),
      hit("203.0.113.6", { referrer: "two-networks.example" }),
      hit("2001:db8:7::2", { referrer: "two-networks.example" }),
    ];
    expect(counted(hits, "referrer")).toEqual({ "news.example.org": 5, [OTHER_VALUE]: 2 });
    // "spring" came from two networks only
    expect(counted(hits, "campaign")).toEqual({ [OTHER_VALUE]: 3 });
    // the hits themselves are all counted, in the order given
    expect(distinctCap(hits).map((h) => h.values.find((v) => v.dimension === "referrer")!.value)).toEqual([
      "news.example.org",
      "news.example.org",
      "news.example.org",
      "news.example.org",
      "news.example.org",
      OTHER_VALUE,
      OTHER_VALUE,
    ]);
  });

  it("admits at most MAX_DISTINCT_VALUES values per dimension, in the order they reach 3 networks; admitted ones keep counting", () => {
    const nets = ["192.0.2.1", "203.0.113.1", "2001:db8:9::1"];
    const values = Array.from({ length: MAX_DISTINCT_VALUES + 5 }, (_, i) => `site-${i}.example`);
    const hits = [
      // a value seen early from two networks, completed after the bucket is full: never admitted
      ...nets.slice(0, 2).map((ip) => hit(ip, { referrer: "early.example" })),
      ...nets.flatMap((ip) => values.map((value) => hit(ip, { referrer: value }))),
      hit(nets[2], { referrer: "early.example" }),
      hit("198.18.0.1", { referrer: values[0] }),
    ];
    const got = counted(hits, "referrer");
    expect(Object.keys(got)).toHaveLength(MAX_DISTINCT_VALUES + 1);
    expect(got[values[0]]).toBe(4);
    expect(got[values[MAX_DISTINCT_VALUES - 1]]).toBe(3);
    expect(got[values[MAX_DISTINCT_VALUES]]).toBeUndefined();
    expect(got["early.example"]).toBeUndefined();
    expect(got[OTHER_VALUE]).toBe(5 * 3 + 3);
    // each dimension has its own places
    expect(counted([...hits, ...nets.map((ip) => hit(ip, { utmSource: "newsletter" }))], "source")).toEqual({ newsletter: 3 });
  });

  it("leaves locations, the bounded dimensions and a value named other alone", () => {
    const hits = [hit("192.0.2.1", { referrer: OTHER_VALUE }), hit("192.0.2.2", { utmSource: OTHER_VALUE })];
    const counts = distinctCap(hits).reduce((c, h) => addTo(c, h), emptyCounts());
    expect(counts.dims.referrer).toEqual({ [OTHER_VALUE]: 1 });
    expect(counts.dims.source).toEqual({ [OTHER_VALUE]: 1 });
    expect(counts.dims.location).toEqual({ Unknown: 2 });
    expect(counts.dims.page).toEqual({ "/petition": 2 });
  });
});
