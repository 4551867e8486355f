/**
 * What random values sent to the public beacon may cost (docs/architecture.md "Analytics", "Limits"):
 * at most MAX_DISTINCT_VALUES referrers, sources and campaigns per bucket (the rest count as
 * "other"), a TTL on the daily aggregates, and a per-network limit on hits per minute.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Analytics } from "@site/core/analytics";
import { MAX_DISTINCT_VALUES, OTHER_VALUE, addToAggregates } from "@site/core/analytics/aggregates";
import { dayBucket } from "@site/core/analytics/buckets";
import { DAY_MS, addDays, dayOf, dayStart } from "@site/core/analytics/calendar";
import type { Contribution, ValueDimension } from "@site/core/analytics/counts";
import { resetSettings } from "@site/core/config";
import { ANALYTICS_DAILY_DAYS } from "@site/core/policy/retention";
import { pool } from "@site/core/util/pool";
import { handler as postEvent } from "../../packages/functions/src/http/analytics-event";
import { call, httpEvent } from "../support/http";
import { describeChanges, diff, scanAll, snapshot, useOwnTable } from "../support/table-snapshot";

const UA = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

const pageview = (dimension: ValueDimension, value: string): Contribution => ({
  pageviews: 1,
  events: 0,
  visitors: 0,
  values: [
    { dimension: "page", value: "/" },
    { dimension, value },
  ],
});

beforeAll(async () => {
  await useOwnTable("analytics-limits");
});

describe("distinct values per bucket", () => {
  // UTM sources take the same path as campaigns; ~1,000 writes per dimension are slow on DynamoDB Local
  it("counts a bucket's referrers and campaigns beyond MAX_DISTINCT_VALUES as other; known ones keep counting", { timeout: 240_000 }, async () => {
    const day = addDays(dayOf(new Date()), -3);
    const bucket = dayBucket(day);
    const at = new Date(dayStart(day).getTime() + 10 * 3_600_000);
    const extra = 15;
    for (const dimension of ["referrer", "campaign"] as const) {
      const values = Array.from({ length: MAX_DISTINCT_VALUES + extra }, (_, i) => `${dimension}-${i}.example`);
      // concurrently, as many Lambdas would: the cap is a conditional write, not a read-then-write
      await pool(values, 16, (value) => addToAggregates(at, pageview(dimension, value)));
      // a value admitted before the cap keeps counting, in whichever shard it lands
      for (let i = 0; i < 12; i++) await addToAggregates(at, pageview(dimension, values[0]));
      // a new one after it is other
      await addToAggregates(at, pageview(dimension, `${dimension}-late.example`));

      Analytics.forgetClosedBuckets();
      const [counts] = await Analytics.readAggregates([bucket]);
      const got = counts.dims[dimension];
      expect(Object.keys(got).length, dimension).toBe(MAX_DISTINCT_VALUES + 1);
      expect(got[values[0]], dimension).toBe(13);
      expect(got[OTHER_VALUE], dimension).toBe(extra + 1);
      expect(got[`${dimension}-late.example`], dimension).toBeUndefined();
      expect(
        Object.values(got).reduce((a, b) => a + b, 0),
        dimension,
      ).toBe(values.length + 13);

      // and the table holds no item for the values over the cap
      const stored = new Set(
        (await scanAll())
          .filter((i) => String(i.pk).startsWith(`ANAGG#D#${day}#`) && String(i.sk).startsWith(`V#${dimension}#`))
          .map((i) => String(i.sk).slice(`V#${dimension}#`.length)),
      );
      expect(stored.size, dimension).toBe(MAX_DISTINCT_VALUES + 1);
    }
    // each dimension has its own cap, and every hit was counted
    const [counts] = await Analytics.readAggregates([bucket]);
    expect(counts.pageviews).toBe(2 * (MAX_DISTINCT_VALUES + extra + 13));
  });
});

describe("daily aggregates", () => {
  it("carry a TTL ANALYTICS_DAILY_DAYS after their day, as their summaries do", async () => {
    const day = addDays(dayOf(new Date()), -5);
    const at = new Date(dayStart(day).getTime() + 12 * 3_600_000);
    const meta = { ipAddress: "203.0.113.41", userAgent: UA, city: "Austin", region: "Texas", country: "United States" };
    const hit = { t: "pageview", p: "/petition?utm_source=mail&utm_campaign=spring", r: "https://news.example.com/x" } as const;
    expect(await Analytics.collect(hit, { meta, headers: {} }, { now: at })).toBe("counted");
    Analytics.forgetClosedBuckets();
    await Analytics.readAggregates([dayBucket(day)]);

    const daily = (await scanAll()).filter((i) => String(i.pk).startsWith(`ANAGG#D#${day}#`));
    const expiry = Math.floor((dayStart(day).getTime() + ANALYTICS_DAILY_DAYS * DAY_MS) / 1000);
    // CORE, location, referrer, source, campaign; the summary
    expect(daily.filter((i) => i.type === "analyticsAggregate" || i.type === "analyticsValue")).toHaveLength(5);
    expect(daily.some((i) => i.type === "analyticsSummary")).toBe(true);
    for (const item of daily) expect(item.expiresAt, `${String(item.pk)} ${String(item.sk)}`).toBe(expiry);
    expect(ANALYTICS_DAILY_DAYS).toBeGreaterThanOrEqual(366);
  });
});

describe("hits per network", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    resetSettings();
  });

  const beacon = (sourceIp: string, p = "/petition") =>
    call(
      postEvent,
      httpEvent({
        method: "POST",
        path: "/api/events",
        routeKey: "POST /api/events",
        body: { t: "pageview", p },
        sourceIp,
        headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": UA },
      }),
    );

  it("drops a network's hits beyond BEACON_RATE_LIMIT_PER_MINUTE (204, nothing written); another network's still count", async () => {
    vi.stubEnv("BEACON_RATE_LIMIT_PER_MINUTE", "3");
    resetSettings();
    // all in one minute's window
    if (Date.now() % 60_000 > 50_000) await new Promise((r) => setTimeout(r, 60_000 - (Date.now() % 60_000) + 100));
    // three addresses of one /24: one network
    for (const ip of ["198.51.100.7", "198.51.100.8", "198.51.100.9"]) expect((await beacon(ip)).statusCode).toBe(204);

    const before = await snapshot();
    const over = await beacon("198.51.100.10", "/donate");
    expect([over.statusCode, over.body]).toEqual([204, undefined]);
    const changes = diff(before, await snapshot());
    // only the network's window counts the refused hit
    expect(
      changes.filter((c) => c.kind !== "RATE"),
      describeChanges(changes),
    ).toEqual([]);

    const meta = { ipAddress: "198.51.100.11", userAgent: UA };
    expect(await Analytics.collect({ t: "pageview", p: "/" }, { meta, headers: {} })).toBe("rate-limited");
    // another network, and an IPv6 one
    expect(await Analytics.collect({ t: "pageview", p: "/" }, { meta: { ipAddress: "192.0.2.7", userAgent: UA }, headers: {} })).toBe("counted");
    expect(await Analytics.collect({ t: "pageview", p: "/" }, { meta: { ipAddress: "2001:db8:9::1", userAgent: UA }, headers: {} })).toBe("counted");

    const logged = (await scanAll()).filter((i) => i.type === "analyticsEvent" && String(i.pk).startsWith(`ANEV#${dayOf(new Date())}#`));
    expect(logged.filter((i) => i.ip === "198.51.100.0")).toHaveLength(3);
    expect(logged.filter((i) => i.path === "/donate")).toHaveLength(0);
  });
});
