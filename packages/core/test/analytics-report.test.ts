import { describe, expect, it } from "vitest";
import type { Bucket } from "../src/analytics/buckets";
import { dayOf, dayStart, hoursOf } from "../src/analytics/calendar";
import { addTo, contribution, emptyCounts, type BucketCounts } from "../src/analytics/counts";
import type { DerivedHit } from "../src/analytics/derive";
import { AnalyticsEvent, AnalyticsQuery } from "../src/analytics/input";
import { resolveRange } from "../src/analytics/range";
import { report } from "../src/analytics/report";

const fieldsOf = (schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[] }[] } } }, value: unknown) =>
  schema.safeParse(value).error?.issues.map((i) => i.path.join(".")) ?? [];

describe("the beacon's hit", () => {
  it("accepts page views and named events", () => {
    expect(AnalyticsEvent.parse({ t: "pageview", p: "/petition?utm_source=x", r: "https://example.com/" })).toEqual({
      t: "pageview",
      p: "/petition?utm_source=x",
      r: "https://example.com/",
    });
    expect(AnalyticsEvent.parse({ t: "event", n: "signature", p: "/sign/abc" })).toEqual({ t: "event", n: "signature", p: "/sign/abc" });
    expect(AnalyticsEvent.parse({ t: "pageview", p: "/", r: "" })).toEqual({ t: "pageview", p: "/", r: "" });
  });

  it("drops fields it does not know", () => {
    expect(AnalyticsEvent.parse({ t: "pageview", p: "/", ip: "1.2.3.4", visitor: "x" })).toEqual({ t: "pageview", p: "/" });
  });

  it.each([
    [{ p: "/" }, "t"],
    [{ t: "click", p: "/" }, "t"],
    [{ t: "event", p: "/" }, "n"],
    [{ t: "event", n: "other_event", p: "/" }, "n"],
    [{ t: "pageview" }, "p"],
    [{ t: "pageview", p: "petition" }, "p"],
    [{ t: "pageview", p: `/${"a".repeat(512)}` }, "p"],
    [{ t: "pageview", p: "/", r: "x".repeat(513) }, "r"],
    [{ t: "pageview", p: 5 }, "p"],
  ])("refuses %j (field %s)", (value, field) => expect(fieldsOf(AnalyticsEvent, value)).toContain(field));
});

describe("the dashboard's query", () => {
  it("defaults to the last 24 hours", () => expect(AnalyticsQuery.parse({})).toEqual({ range: "24h" }));

  it("takes a custom range of whole days, both included, at most 366", () => {
    expect(AnalyticsQuery.parse({ range: "custom", from: "2025-01-01", to: "2025-01-01" })).toMatchObject({ from: "2025-01-01", to: "2025-01-01" });
    expect(AnalyticsQuery.parse({ range: "custom", from: "2024-01-01", to: "2024-12-31" })).toMatchObject({ range: "custom" });
    expect(fieldsOf(AnalyticsQuery, { range: "custom", from: "2024-01-01", to: "2025-01-01" })).toEqual(["to"]);
    expect(fieldsOf(AnalyticsQuery, { range: "custom", from: "2025-01-02", to: "2025-01-01" })).toEqual(["to"]);
    expect(fieldsOf(AnalyticsQuery, { range: "custom" })).toEqual(["from", "to"]);
    expect(fieldsOf(AnalyticsQuery, { range: "custom", from: "2025-02-30", to: "2025-03-01" })).toEqual(["from"]);
    expect(fieldsOf(AnalyticsQuery, { range: "1y" })).toEqual(["range"]);
  });
});

describe("New York days", () => {
  it("start at 04:00Z in summer and 05:00Z in winter, and are 23 or 25 hours long when the clocks change", () => {
    expect(dayStart("2025-07-04").toISOString()).toBe("2025-07-04T04:00:00.000Z");
    expect(dayStart("2025-01-15").toISOString()).toBe("2025-01-15T05:00:00.000Z");
    expect(hoursOf("2025-03-09")).toHaveLength(23);
    expect(hoursOf("2025-11-02")).toHaveLength(25);
    expect(hoursOf("2025-07-04")).toHaveLength(24);
    expect(dayOf(new Date("2025-07-05T03:59:59Z"))).toBe("2025-07-04");
    expect(dayOf(new Date("2025-07-05T04:00:00Z"))).toBe("2025-07-05");
  });
});

describe("ranges", () => {
  const now = new Date("2025-07-04T15:20:00Z");

  it("24h: the 24 hourly buckets up to the current one", () => {
    const r = resolveRange({ range: "24h" }, now);
    expect(r.bucket).toBe("hour");
    expect(r.buckets).toHaveLength(24);
    expect(r.buckets[23].key).toBe("2025-07-04T15");
    expect(r.buckets[0].key).toBe("2025-07-03T16");
    expect([r.from.toISOString(), r.to.toISOString()]).toEqual(["2025-07-03T16:00:00.000Z", now.toISOString()]);
  });

  it("7d and 30d: New York days, today included", () => {
    const week = resolveRange({ range: "7d" }, now);
    expect(week.bucket).toBe("day");
    expect(week.buckets.map((b) => b.key)).toEqual(["2025-06-28", "2025-06-29", "2025-06-30", "2025-07-01", "2025-07-02", "2025-07-03", "2025-07-04"]);
    expect(week.from.toISOString()).toBe("2025-06-28T04:00:00.000Z");
    expect(resolveRange({ range: "30d" }, now).buckets).toHaveLength(30);
  });

  it("custom: hourly for one or two days still held hourly, else daily; nothing after now", () => {
    const oneDay = resolveRange({ range: "custom", from: "2025-07-03", to: "2025-07-03" }, now);
    expect([oneDay.bucket, oneDay.buckets.length, oneDay.to.toISOString()]).toEqual(["hour", 24, "2025-07-04T04:00:00.000Z"]);
    const today = resolveRange({ range: "custom", from: "2025-07-03", to: "2025-07-04" }, now);
    expect([today.bucket, today.buckets.at(-1)!.key, today.to.toISOString()]).toEqual(["hour", "2025-07-04T15", now.toISOString()]);
    expect(resolveRange({ range: "custom", from: "2025-07-01", to: "2025-07-03" }, now).bucket).toBe("day");
    const longAgo = resolveRange({ range: "custom", from: "2025-01-10", to: "2025-01-10" }, now);
    expect([longAgo.bucket, longAgo.buckets.map((b) => b.key)]).toEqual(["day", ["2025-01-10"]]);
    expect(resolveRange({ range: "custom", from: "2025-07-01", to: "2025-07-31" }, now).buckets).toHaveLength(4);
  });
});

const hit = (extra: Partial<DerivedHit>): DerivedHit => ({
  kind: "pageview",
  path: "/petition",
  route: "/petition",
  device: "Mobile",
  browser: "Safari",
  os: "iOS",
  location: "Austin, Texas, United States",
  ip: "203.0.113.0",
  ...extra,
});

describe("the report, from any bucket source", () => {
  const now = new Date("2025-07-04T15:20:00Z");
  /** Every bucket holds the same hits: what the report does with the numbers, not where they come from. */
  const source =
    (hits: [DerivedHit, boolean][]) =>
    async (buckets: Bucket[]): Promise<BucketCounts[]> =>
      buckets.map(() => hits.reduce((c, [h, first]) => addTo(c, contribution(h, first)), emptyCounts()));

  const hits: [DerivedHit, boolean][] = [
    [hit({}), true],
    [hit({ route: "/sign/:id", path: "/sign/x", referrer: "facebook.com", utmSource: "fb", utmCampaign: "spring" }), false],
    [hit({ route: "/", device: "Desktop", browser: "Chrome", os: "Windows", location: "Unknown" }), true],
    [hit({ kind: "event", name: "sign_petition_main" }), false],
    [hit({ kind: "event", name: "signature" }), false],
    [hit({ kind: "event", name: "report_started" }), false],
    ...Array.from(
      { length: 15 },
      (_, i) => [hit({ location: `City ${String(i).padStart(2, "0")}, Region, Country`, route: "other" }), false] as [DerivedHit, boolean],
    ),
  ];

  it("sums the buckets into totals, ranked lists and funnels", async () => {
    const r = await report({ range: "7d" }, { now, source: source(hits) });
    expect(r.totals).toEqual({ pageviews: 7 * 18, visitors: 7 * 2 });
    expect(r.topDevice).toEqual({ label: "Mobile", count: 7 * 17 });
    expect(r.devices).toEqual([
      { label: "Mobile", count: 119 },
      { label: "Desktop", count: 7 },
    ]);
    expect(r.locations).toHaveLength(10);
    expect(r.topLocation).toEqual({ label: "Austin, Texas, United States", count: 14 });
    // ties in count are ordered by label
    expect(r.locations.slice(1, 3).map((l) => l.label)).toEqual(["City 00, Region, Country", "City 01, Region, Country"]);
    expect(r.pages[0]).toEqual({ label: "other", count: 105 });
    expect(r.referrers).toEqual([{ label: "facebook.com", count: 7 }]);
    expect(r.sources).toEqual([{ label: "fb", count: 7 }]);
    expect(r.campaigns).toEqual([{ label: "spring", count: 7 }]);
    expect(r.events.map((e) => e.label)).toEqual(["report_started", "sign_petition_main", "signature"]);
    expect(r.funnels).toEqual({ petition: { views: 14, clicks: 7, signatures: 7 }, report: { started: 7, submitted: 0 } });
  });

  it("gives visitors per daily bucket, none per hourly one, and always the last 24 hours", async () => {
    const week = await report({ range: "7d" }, { now, source: source(hits) });
    expect(week.series).toHaveLength(7);
    expect(week.series[0]).toEqual({ at: "2025-06-28T04:00:00.000Z", pageviews: 18, visitors: 2 });
    expect(week.hourly).toHaveLength(24);
    expect(week.hourly.at(-1)).toEqual({ at: "2025-07-04T15:00:00.000Z", pageviews: 18 });
    const day = await report({ range: "24h" }, { now, source: source(hits) });
    expect(day.range.bucket).toBe("hour");
    expect(day.series[0]).toEqual({ at: "2025-07-03T16:00:00.000Z", pageviews: 18 });
  });

  it("answers an empty site with zeros and no tops", async () => {
    const r = await report({ range: "30d" }, { now, source: source([]) });
    expect([r.totals, r.topLocation, r.topDevice, r.locations, r.series.length]).toEqual([{ pageviews: 0, visitors: 0 }, null, null, [], 30]);
  });
});
