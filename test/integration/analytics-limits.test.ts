/**
 * What random values sent to the public beacon may cost (docs/architecture.md "Analytics", "Limits"):
 * at most MAX_DISTINCT_VALUES referrers, sources and campaigns per bucket, each admitted only once
 * ADMIT_NETWORKS networks sent it (the rest count as "other"), a TTL on the daily aggregates, and a
 * per-network limit on hits per minute.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Analytics } from "@site/core/analytics";
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { ADMIT_NETWORKS, MAX_DISTINCT_VALUES, OTHER_VALUE, addToAggregates } from "@site/core/analytics/aggregates";
import { bucketsAt, dayBucket } from "@site/core/analytics/buckets";
import { DAY_MS, addDays, dayOf, dayStart } from "@site/core/analytics/calendar";
import type { Contribution, ValueDimension } from "@site/core/analytics/counts";
import { resetSettings } from "@site/core/config";
import { db, table } from "@site/core/db/client";
import { ANALYTICS_DAILY_DAYS } from "@site/core/policy/retention";
import { pool } from "@site/core/util/pool";
import { handler as postEvent } from "../../packages/functions/src/http/analytics-event";
import { call, httpEvent } from "../support/http";
import { describeChanges, diff, scanAll, snapshot, useOwnTable } from "../support/table-snapshot";

const UA = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

const pageview = (dimension: ValueDimension, value: string, network: string): Contribution => ({
  pageviews: 1,
  events: 0,
  visitors: 0,
  values: [
    { dimension: "page", value: "/" },
    { dimension, value },
  ],
  network,
});
/** Three networks (truncated IPs), enough to admit a value. */
const NETWORKS = ["192.0.2.0", "203.0.113.0", "2001:db8:1::"];

beforeAll(async () => {
  await useOwnTable("analytics-limits");
});

describe("distinct values per bucket", () => {
  // referrers fill their places; UTM sources and campaigns take the same path (aggregates.ts), so the
  // campaigns show only that their places are their own: ~3,000 writes per filled dimension are slow on DynamoDB Local
  it(
    "counts a bucket's referrers beyond MAX_DISTINCT_VALUES as other; known ones keep counting; campaigns have places of their own",
    { timeout: 240_000 },
    async () => {
      expect(NETWORKS).toHaveLength(ADMIT_NETWORKS);
      const day = addDays(dayOf(new Date()), -3);
      const bucket = dayBucket(day);
      const at = new Date(dayStart(day).getTime() + 10 * 3_600_000);
      const extra = 15;
      for (const dimension of ["referrer"] as const) {
        const values = Array.from({ length: MAX_DISTINCT_VALUES + extra }, (_, i) => `${dimension}-${i}.example`);
        // every value from each network in turn, so each is admitted at its third network's hit; concurrently, as
        // many Lambdas would: the cap is a conditional write, not a read-then-write
        for (const network of NETWORKS) await pool(values, 16, (value) => addToAggregates(at, pageview(dimension, value, network)));
        // a value admitted before the cap keeps counting, in whichever shard it lands, from any network
        for (let i = 0; i < 12; i++) await addToAggregates(at, pageview(dimension, values[0], "198.18.0.0"));
        // a new one after it is other, from as many networks as it likes
        for (const network of NETWORKS) await addToAggregates(at, pageview(dimension, `${dimension}-late.example`, network));

        Analytics.forgetClosedBuckets();
        const [counts] = await Analytics.readAggregates([bucket]);
        const got = counts.dims[dimension];
        expect(Object.keys(got).length, dimension).toBe(MAX_DISTINCT_VALUES + 1);
        // its three networks' hits and the twelve
        expect(got[values[0]], dimension).toBe(15);
        expect(got[OTHER_VALUE], dimension).toBe((extra + 1) * NETWORKS.length);
        expect(got[`${dimension}-late.example`], dimension).toBeUndefined();
        expect(
          Object.values(got).reduce((a, b) => a + b, 0),
          dimension,
        ).toBe(values.length * NETWORKS.length + 15);

        // and the table holds no item for the values over the cap
        const stored = new Set(
          (await scanAll())
            .filter((i) => String(i.pk).startsWith(`ANAGG#D#${day}#`) && String(i.sk).startsWith(`V#${dimension}#`))
            .map((i) => String(i.sk).slice(`V#${dimension}#`.length)),
        );
        expect(stored.size, dimension).toBe(MAX_DISTINCT_VALUES + 1);
      }
      // each dimension has its own cap: with the referrers' places full, a campaign from three networks takes one
      for (const network of NETWORKS) await addToAggregates(at, pageview("campaign", "campaign-after-the-referrers.example", network));
      Analytics.forgetClosedBuckets();
      const [counts] = await Analytics.readAggregates([bucket]);
      expect(counts.dims.campaign["campaign-after-the-referrers.example"]).toBe(NETWORKS.length);
      // (its first two hits counted as other until the third network admitted it, then moved)
      expect(counts.dims.campaign[OTHER_VALUE] ?? 0).toBe(0);
      // and every hit was counted
      expect(counts.pageviews).toBe((MAX_DISTINCT_VALUES + extra + 1) * NETWORKS.length + 12 + NETWORKS.length);
    },
  );
});

describe("admission by networks (security review L10)", () => {
  const UAS = [
    UA,
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Mobile Safari/537.36",
  ];

  it(
    "one network rotating addresses and user agents never takes a place; a value from 3 networks does, with every hit; real values keep their counts",
    { timeout: 240_000 },
    async () => {
      const day = addDays(dayOf(new Date()), -2);
      const base = dayStart(day).getTime() + 10 * 3_600_000;
      let n = 0;
      const beacon = async (ip: string, referrer: string, ua = UA) => {
        const hit = { t: "pageview", p: "/petition", r: `https://${referrer}/post` } as const;
        expect(await Analytics.collect(hit, { meta: { ipAddress: ip, userAgent: ua }, headers: {} }, { now: new Date(base + n++) })).toBe("counted");
      };
      // (networks of their own: the per-network test below counts 192.0.2.0/24 and 198.51.100.0/24 in its minute)
      // a real referrer, admitted at its third network
      const real = ["198.19.1.5", "203.0.113.5", "2001:db8:7::1"];
      for (const ip of real) await beacon(ip, "news.example.org");

      // the junk: one /24, a new address and user agent (a new visitor id) for every hit; more values than a
      // bucket has places, and some sent by three of its visitors
      const junk = Array.from({ length: MAX_DISTINCT_VALUES + 5 }, (_, i) => `junk-${i}.example`);
      const junkHits = [
        ...junk.map((value, i) => [value, i] as const),
        ...junk.slice(0, 5).flatMap((value, i) => [1, 2].map((k) => [value, 210 + i * 2 + k] as const)),
      ];
      await pool(junkHits, 8, ([value, i]) => beacon(`198.18.7.${i % 250}`, value, `${UAS[i % UAS.length]} visitor/${i}`));
      const junkVisitors = new Set((await scanAll()).filter((i) => i.type === "analyticsEvent" && i.ip === "198.18.7.0").map((i) => String(i.visitor)));
      expect(junkVisitors.size).toBe(junkHits.length);

      // the real one keeps counting; a new real one is still admitted after the flood, from three networks
      await beacon(real[0], "news.example.org");
      await beacon(real[1], "news.example.org");
      for (const ip of ["198.19.2.77", "2001:db8:8::1", "203.0.113.77", "198.19.2.78"]) await beacon(ip, "late.example.net");

      Analytics.forgetClosedBuckets();
      const buckets = bucketsAt(new Date(base));
      const counts = await Analytics.readAggregates(buckets);
      for (const [i, c] of counts.entries()) {
        expect(c.dims.referrer, buckets[i].key).toEqual({ "news.example.org": 5, "late.example.net": 4, [OTHER_VALUE]: junkHits.length });
        expect(c.pageviews, buckets[i].key).toBe(5 + junkHits.length + 4);
      }
      // the places taken: the two real values
      for (const bucket of buckets) {
        const counter = await db().send(
          new GetCommand({ TableName: table(), Key: { pk: `ANAGG#${bucket.granularity}#${bucket.key}#DISTINCT`, sk: "N#referrer" } }),
        );
        expect(counter.Item?.distinct, bucket.key).toBe(2);
      }
      // no junk value has an item of its own
      expect((await scanAll()).filter((i) => i.type === "analyticsValue" && String(i.sk).includes("junk-"))).toEqual([]);
      // and a recount of the raw hits gives the same numbers
      expect(await Analytics.recount(buckets)).toEqual(counts);
    },
  );
});

describe("daily aggregates", () => {
  it("carry a TTL ANALYTICS_DAILY_DAYS after their day, as their summaries do", async () => {
    const day = addDays(dayOf(new Date()), -5);
    const at = new Date(dayStart(day).getTime() + 12 * 3_600_000);
    const meta = { ipAddress: "203.0.113.41", userAgent: UA, city: "Austin", region: "Texas", country: "United States" };
    const hit = { t: "pageview", p: "/petition?utm_source=mail&utm_campaign=spring", r: "https://news.example.com/x" } as const;
    const sent = Date.now();
    expect(await Analytics.collect(hit, { meta, headers: {} }, { now: at })).toBe("counted");
    Analytics.forgetClosedBuckets();
    await Analytics.readAggregates([dayBucket(day)]);

    const daily = (await scanAll()).filter((i) => String(i.pk).startsWith(`ANAGG#D#${day}#`));
    const expiry = Math.floor((dayStart(day).getTime() + ANALYTICS_DAILY_DAYS * DAY_MS) / 1000);
    // CORE, location, and other for the referrer, source and campaign (one network so far); the summary
    expect(daily.filter((i) => i.type === "analyticsAggregate" || i.type === "analyticsValue")).toHaveLength(5);
    expect(daily.some((i) => i.type === "analyticsSummary")).toBe(true);
    // their pending entries (the network that sent them, the hits counted as other) go a day after the later of
    // their bucket and now: they hold truncated IPs and are of no use once the bucket is over
    const pending = daily.filter((i) => i.type === "analyticsPendingValue");
    expect(pending.map((i) => String(i.pk).split("#").slice(4).join("#")).sort()).toEqual(["campaign#spring", "referrer#news.example.com", "source#mail"]);
    for (const item of pending) {
      expect([...(item.networks as Set<string>)], String(item.pk)).toEqual(["203.0.113.0"]);
      expect(item.pending, String(item.pk)).toBe(1);
      expect(Number(item.expiresAt), String(item.pk)).toBeGreaterThanOrEqual(Math.floor((sent + DAY_MS) / 1000));
      expect(Number(item.expiresAt), String(item.pk)).toBeLessThanOrEqual(Math.ceil((Date.now() + DAY_MS) / 1000));
    }
    for (const item of daily.filter((i) => i.type !== "analyticsPendingValue")) expect(item.expiresAt, `${String(item.pk)} ${String(item.sk)}`).toBe(expiry);
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
