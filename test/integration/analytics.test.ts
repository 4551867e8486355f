/**
 * Site analytics, server side, against DynamoDB Local: the beacon's route (`POST
 * /api/events`) over its handler, what it drops, unique visitors, the daily salt in the table, the
 * dashboard's report equal to a recount of the raw hits over several dimensions, two days and the
 * shards, and the recent list.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { Analytics } from "@site/core/analytics";
import { addDays, dayOf, dayStart } from "@site/core/analytics/calendar";
import { Keys } from "@site/core/db/keys";
import { db, table } from "@site/core/db/client";
import { handler as postEvent } from "../../packages/functions/src/http/analytics-event";
import { handler as getReport } from "../../packages/functions/src/http/admin-analytics-report";
import { handler as getRecent } from "../../packages/functions/src/http/admin-analytics-recent";
import { call, httpEvent, viaCloudFront } from "../support/http";
import { describeChanges, diff, scanAll, snapshot, useOwnTable } from "../support/table-snapshot";

const UA = {
  iphone: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  windows: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  mac: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  ipad: "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Safari/604.1",
  android: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Mobile Safari/537.36",
  googlebot: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  headless: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36",
};
const ADMIN = { sub: "analytics-admin", username: "analytics-admin", "cognito:groups": ["admin"] };

/** Where CloudFront says the viewer is (believed only with the origin secret). */
const austin = (ip = "203.0.113.77") => ({
  "cloudfront-viewer-address": `${ip}:51234`,
  "cloudfront-viewer-city": "Austin",
  "cloudfront-viewer-country-region-name": "Texas",
  "cloudfront-viewer-country-name": "United States",
});

let beacons = 0;
/** The beacon's request: sendBeacon's string body arrives as text/plain. */
function beacon(body: unknown, opts: { ua?: string; headers?: Record<string, string>; rawBody?: string; contentType?: string; sourceIp?: string } = {}) {
  return call(
    postEvent,
    httpEvent({
      method: "POST",
      path: "/api/events",
      routeKey: "POST /api/events",
      body,
      rawBody: opts.rawBody,
      sourceIp: opts.sourceIp ?? `198.51.100.${(beacons++ % 200) + 1}`,
      headers: { "content-type": opts.contentType ?? "text/plain;charset=UTF-8", "user-agent": opts.ua ?? UA.iphone, ...opts.headers },
    }),
  );
}

async function dashboard(query: Record<string, string> = {}) {
  const res = await call(
    getReport,
    httpEvent({ method: "GET", path: "/api/admin/analytics", routeKey: "GET /api/admin/analytics", queryStringParameters: query, claims: ADMIN }),
  );
  expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
  return res.body as Analytics.AnalyticsReport;
}

async function recent() {
  const res = await call(
    getRecent,
    httpEvent({ method: "GET", path: "/api/admin/analytics/recent", routeKey: "GET /api/admin/analytics/recent", claims: ADMIN }),
  );
  expect(res.statusCode).toBe(200);
  return (res.body as Analytics.RecentVisits).items;
}

const count = (list: Analytics.LabelCount[], label: string) => list.find((x) => x.label === label)?.count ?? 0;

beforeAll(async () => {
  await useOwnTable("analytics");
});

describe("POST /api/events", () => {
  it("counts a page view: 204 without a body; location from CloudFront, device, browser, OS, a truncated IP", async () => {
    // the three hits below in one hour (one bucket)
    if (Date.now() % 3_600_000 > 3_590_000) await new Promise((r) => setTimeout(r, 3_600_000 - (Date.now() % 3_600_000) + 100));
    const before = await dashboard();
    const body = { t: "pageview", p: "/petition?utm_source=newsletter&utm_campaign=spring", r: "https://www.facebook.com/some/post" };
    // a referrer, source and campaign count under their names from their third network on (security review L10):
    // until then as other, and then with the hits before
    for (const sourceIp of ["192.0.2.31", "2001:db8:31::1"]) expect((await beacon(body, { sourceIp })).statusCode).toBe(204);
    const pending = await dashboard();
    for (const [list, label] of [
      ["referrers", "facebook.com"],
      ["sources", "newsletter"],
      ["campaigns", "spring"],
    ] as const) {
      expect(count(pending[list], label) - count(before[list], label), label).toBe(0);
      expect(count(pending[list], "other") - count(before[list], "other"), label).toBe(2);
    }
    const res = await beacon(body, { headers: viaCloudFront(austin()) });
    expect([res.statusCode, res.body]).toEqual([204, undefined]);

    const after = await dashboard();
    expect(after.totals.pageviews - before.totals.pageviews).toBe(3);
    expect(count(after.locations, "Austin, Texas, United States") - count(before.locations, "Austin, Texas, United States")).toBe(1);
    expect(count(after.devices, "Mobile") - count(before.devices, "Mobile")).toBe(3);
    expect(count(after.browsers, "Safari") - count(before.browsers, "Safari")).toBe(3);
    expect(count(after.os, "iOS") - count(before.os, "iOS")).toBe(3);
    expect(count(after.pages, "/petition") - count(before.pages, "/petition")).toBe(3);
    for (const [list, label] of [
      ["referrers", "facebook.com"],
      ["sources", "newsletter"],
      ["campaigns", "spring"],
    ] as const) {
      expect(count(after[list], label) - count(before[list], label), label).toBe(3);
      expect(count(after[list], "other") - count(before[list], "other"), label).toBe(0);
    }
    expect(after.hourly.at(-1)!.pageviews - before.hourly.at(-1)!.pageviews).toBe(3);

    const [newest] = await recent();
    expect(newest).toEqual({
      at: expect.any(String),
      ip: "203.0.113.0",
      location: "Austin, Texas, United States",
      device: "Mobile",
      browser: "Safari",
      os: "iOS",
      path: "/petition",
    });
  });

  it("believes CloudFront's viewer headers only with the origin secret", async () => {
    const res = await beacon({ t: "pageview", p: "/donate" }, { headers: austin("192.0.2.99"), sourceIp: "198.51.100.250", ua: UA.windows });
    expect(res.statusCode).toBe(204);
    const [newest] = await recent();
    expect(newest).toMatchObject({ ip: "198.51.100.0", location: "Unknown", path: "/donate", device: "Desktop", os: "Windows" });
  });

  it("takes application/json too, and counts named events", async () => {
    const before = await dashboard();
    for (const n of ["sign_petition_main", "signature", "report_started", "report_submitted", "guide_requested"]) {
      expect((await beacon({ t: "event", n, p: "/petition" }, { contentType: "application/json" })).statusCode).toBe(204);
    }
    const after = await dashboard();
    for (const n of Analytics.EVENT_NAMES) expect(count(after.events, n) - count(before.events, n), n).toBe(1);
    expect(after.funnels.petition.clicks - before.funnels.petition.clicks).toBe(1);
    expect(after.funnels.report.submitted - before.funnels.report.submitted).toBe(1);
    // events are no page views
    expect(after.totals.pageviews).toBe(before.totals.pageviews);
  });

  it("answers 204 for bots, prefetches, admin pages and agentless requests, and stores nothing for them", async () => {
    const before = await snapshot();
    const dropped = [
      await beacon({ t: "pageview", p: "/petition" }, { ua: UA.googlebot }),
      await beacon({ t: "pageview", p: "/petition" }, { ua: UA.headless }),
      await beacon({ t: "pageview", p: "/petition" }, { headers: { "sec-purpose": "prefetch;prerender" } }),
      await beacon({ t: "pageview", p: "/petition" }, { headers: { purpose: "prefetch" } }),
      await beacon({ t: "pageview", p: "/admin/analytics" }),
      await beacon({ t: "event", n: "signature", p: "/admin/dashboard" }),
      await beacon({ t: "pageview", p: "/petition" }, { ua: "" }),
    ];
    expect(dropped.map((r) => [r.statusCode, r.body])).toEqual(dropped.map(() => [204, undefined]));
    const changes = diff(before, await snapshot());
    expect(changes, describeChanges(changes)).toEqual([]);
  });

  it("counts the same visitor once a day, and another user agent on the same address as another visitor", async () => {
    const before = await dashboard();
    const headers = viaCloudFront(austin("203.0.113.200"));
    await beacon({ t: "pageview", p: "/" }, { headers, ua: UA.mac });
    await beacon({ t: "pageview", p: "/petition" }, { headers, ua: UA.mac });
    await beacon({ t: "pageview", p: "/sign/timeshare-reform" }, { headers, ua: UA.mac });
    let after = await dashboard();
    expect(after.totals.pageviews - before.totals.pageviews).toBe(3);
    expect(after.totals.visitors - before.totals.visitors).toBe(1);
    expect(after.funnels.petition.views - before.funnels.petition.views).toBe(2);

    await beacon({ t: "pageview", p: "/" }, { headers, ua: UA.ipad });
    after = await dashboard();
    expect(after.totals.visitors - before.totals.visitors).toBe(2);
    // the daily series counts the same visitors as the hourly one
    const week = await dashboard({ range: "7d" });
    expect(week.series.at(-1)!.visitors).toBeGreaterThanOrEqual(2);
  });

  it("keeps the day's salt in its own item and only the salted hash in markers and hits", async () => {
    const items = await scanAll();
    const salts = items.filter((i) => i.type === "analyticsSalt");
    expect(salts.map((s) => s.sk)).toEqual([dayOf(new Date())]);
    const salt = Buffer.from(salts[0].salt as Uint8Array);
    expect(salt).toHaveLength(32);
    const others = JSON.stringify(items.filter((i) => i.type !== "analyticsSalt"));
    for (const encoding of ["hex", "base64", "base64url"] as const) expect(others).not.toContain(salt.toString(encoding));

    const markers = items.filter((i) => i.type === "analyticsVisit");
    expect(markers.length).toBeGreaterThan(0);
    for (const m of markers) expect(Object.keys(m).sort()).toEqual(["expiresAt", "pk", "sk", "type"]);
    for (const hit of items.filter((i) => i.type === "analyticsEvent")) {
      expect(String(hit.ip)).toMatch(/^(\d+\.\d+\.\d+\.0|[0-9a-f:]*::)$/);
      expect(JSON.stringify(hit)).not.toMatch(/203\.0\.113\.(77|200)|198\.51\.100\.250/);
      expect(String(hit.path)).not.toContain("?");
    }
  });

  it("refuses malformed hits with field messages", async () => {
    const cases: [unknown, string][] = [
      [{ p: "/" }, "t"],
      [{ t: "event", p: "/petition" }, "n"],
      [{ t: "event", n: "nope", p: "/petition" }, "n"],
      [{ t: "pageview", p: "petition" }, "p"],
      [{ t: "pageview", p: 12 }, "p"],
      [{ t: "pageview", p: "/", r: "x".repeat(600) }, "r"],
    ];
    for (const [body, field] of cases) {
      const res = await beacon(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.fields), JSON.stringify(body)).toContain(field);
    }
    expect((await beacon(undefined, { rawBody: "{not json" })).statusCode).toBe(400);
    expect((await beacon(undefined, { rawBody: "null" })).statusCode).toBe(400);
  });

  it("takes only JSON as text/plain or application/json, and at most 2 KB", async () => {
    const body = { t: "pageview", p: "/" };
    for (const contentType of ["application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "text/html", "text/plain; charset=latin1"]) {
      expect((await beacon(body, { contentType })).statusCode, contentType).toBe(415);
    }
    expect((await beacon(body, { contentType: "text/plain" })).statusCode).toBe(204);
    const padded = JSON.stringify({ ...body, r: "", pad: "x".repeat(2048) });
    expect((await beacon(undefined, { rawBody: padded })).statusCode).toBe(413);
    const justUnder = JSON.stringify({ ...body, pad: "x".repeat(2048 - JSON.stringify({ ...body, pad: "" }).length) });
    expect(Buffer.byteLength(justUnder)).toBe(2048);
    expect((await beacon(undefined, { rawBody: justUnder })).statusCode).toBe(204);
  });
});

describe("the dashboard's report", () => {
  /** Two New York days, a week ago and the day after; hours chosen around both midnights. */
  const first = addDays(dayOf(new Date()), -7);
  const second = addDays(first, 1);
  const at = (day: string, hours: number) => new Date(dayStart(day).getTime() + hours * 3_600_000);

  interface Seed {
    at: Date;
    visitor: number;
    hit: Analytics.AnalyticsEvent;
    place?: { city?: string; region?: string; country?: string };
  }
  const visitors = [
    { ip: "203.0.113.10", ua: UA.iphone },
    { ip: "203.0.113.11", ua: UA.windows },
    { ip: "2001:db8:5:6::7", ua: UA.mac },
    { ip: "198.51.100.20", ua: UA.android },
    { ip: "198.51.100.20", ua: UA.ipad },
  ];
  const places = [
    { city: "Austin", region: "Texas", country: "United States" },
    { city: "Orlando", region: "Florida", country: "United States" },
    { country: "Canada" },
    {},
  ];
  const pages = [
    "/",
    "/petition?utm_source=facebook&utm_campaign=spring",
    "/sign/timeshare-reform",
    "/report-scam",
    "/nowhere",
    "/timeshare-scam-checklist?utm_source=newsletter",
  ];
  // the site's own address (SITE_URL) is navigation, not a source
  const referrers = [undefined, "https://www.facebook.com/x", "https://news.example.com/story", "http://localhost:3000/petition", ""];
  const names = Analytics.EVENT_NAMES;

  /**
   * A deterministic mix: every visitor on both days, hours 0–23.9, page views and events; each day,
   * every referrer, source and campaign comes from all three networks of the visitors (203.0.113.0,
   * 2001:db8:5::, 198.51.100.0), so the day admits it (security review L10), and most hours do not.
   */
  const seeds: Seed[] = [];
  for (const [d, day] of [first, second].entries()) {
    for (let i = 0; i < 60; i++) {
      const visitor = (i * 7 + Math.floor(i / 5) + d) % visitors.length;
      const hours = ((i * 37 + d * 11) % 239) / 10;
      const hit: Analytics.AnalyticsEvent =
        i % 4 === 3
          ? { t: "event", n: names[i % names.length], p: "/petition" }
          : { t: "pageview", p: pages[i % pages.length], r: referrers[i % referrers.length] };
      seeds.push({ at: at(day, hours), visitor, hit, place: places[(i + visitor) % places.length] });
    }
  }
  seeds.sort((a, b) => a.at.getTime() - b.at.getTime());

  beforeAll(async () => {
    // in time order, one at a time, as the days really pass: the first hit of the second day makes
    // its salt and destroys the first day's, so no hit of the first day may come after it
    for (const s of seeds) {
      const v = visitors[s.visitor];
      const meta = { ipAddress: v.ip, userAgent: v.ua, ...s.place };
      expect(await Analytics.collect(s.hit, { meta, headers: {} }, { now: s.at })).toBe("counted");
    }
    Analytics.forgetClosedBuckets();
  });

  it("gives the seeded days' numbers: page views, unique visitors per day, pages, events", async () => {
    const report = await dashboard({ range: "custom", from: first, to: second });
    const views = seeds.filter((s) => s.hit.t === "pageview");
    expect(report.range.bucket).toBe("hour");
    expect(report.series.length).toBeGreaterThanOrEqual(47);
    expect(report.totals.pageviews).toBe(views.length);
    const perDay = [first, second].map(
      (day) => new Set(views.filter((s) => dayOf(s.at) === day).map((s) => visitors[s.visitor].ip + visitors[s.visitor].ua)).size,
    );
    expect(report.totals.visitors).toBe(perDay[0] + perDay[1]);
    expect(count(report.pages, "other")).toBe(views.filter((s) => s.hit.p === "/nowhere").length);
    expect(count(report.pages, "/sign/:id")).toBe(views.filter((s) => s.hit.p.startsWith("/sign/")).length);
    const referred = (host: string) => views.filter((s) => s.hit.t === "pageview" && s.hit.r?.includes(host)).length;
    const tagged = (tag: string) => views.filter((s) => s.hit.p.includes(tag)).length;
    expect(referred("localhost")).toBeGreaterThan(0);
    // hourly: a value seen from fewer than three networks in its hour counts as other there; no hit is lost
    const sum = (list: Analytics.LabelCount[]) => list.reduce((n, x) => n + x.count, 0);
    expect(sum(report.referrers)).toBe(referred("facebook.com") + referred("news.example.com"));
    expect(sum(report.sources)).toBe(tagged("utm_source="));
    expect(count(report.referrers, "other")).toBeGreaterThan(0);
    expect(report.events.reduce((n, e) => n + e.count, 0)).toBe(seeds.length - views.length);
    expect(count(report.locations, "Canada")).toBe(views.filter((s) => s.place?.country === "Canada" && !s.place.city).length);

    const daily = await dashboard({ range: "custom", from: addDays(first, -1), to: second });
    expect(daily.range.bucket).toBe("day");
    expect(daily.series.map((p) => p.visitors)).toEqual([0, ...perDay]);
    // daily: every value was admitted, with all its hits
    expect(daily.referrers).toEqual(
      [
        { label: "facebook.com", count: referred("facebook.com") },
        { label: "news.example.com", count: referred("news.example.com") },
      ].sort((a, b) => b.count - a.count || a.label.localeCompare(b.label)),
    );
    expect(daily.sources).toEqual(
      [
        { label: "facebook", count: tagged("utm_source=facebook") },
        { label: "newsletter", count: tagged("utm_source=newsletter") },
      ].sort((a, b) => b.count - a.count || a.label.localeCompare(b.label)),
    );
    expect(daily.campaigns).toEqual([{ label: "spring", count: tagged("utm_campaign=spring") }]);
  });

  it("spreads a bucket's counters over several shards", async () => {
    const partitions = new Set((await scanAll()).filter((i) => String(i.pk).startsWith(`ANAGG#D#${first}#`)).map((i) => i.pk));
    expect(partitions.size).toBeGreaterThan(1);
  });

  it("equals a recount of the raw hits, hourly and daily, over every dimension", async () => {
    const now = new Date();
    for (const query of [
      { range: "custom", from: first, to: second },
      { range: "custom", from: addDays(first, -2), to: addDays(second, 1) },
      { range: "7d" },
      { range: "30d" },
      { range: "24h" },
    ] as const) {
      Analytics.forgetClosedBuckets();
      const fromAggregates = await Analytics.report(query, { now });
      const fromRecount = await Analytics.report(query, { now, source: Analytics.recount });
      expect(fromAggregates, JSON.stringify(query)).toEqual(fromRecount);
    }
    const month = await Analytics.report({ range: "30d" }, { now });
    expect(month.totals.pageviews).toBeGreaterThan(seeds.filter((s) => s.hit.t === "pageview").length);
    for (const list of [month.locations, month.devices, month.browsers, month.os, month.pages, month.referrers, month.sources, month.campaigns, month.events])
      expect(list.length).toBeGreaterThan(0);
  });

  it("refuses a bad query with field messages", async () => {
    const bad = await call(
      getReport,
      httpEvent({
        method: "GET",
        path: "/api/admin/analytics",
        routeKey: "GET /api/admin/analytics",
        queryStringParameters: { range: "custom", from: "2025-01-01" },
        claims: ADMIN,
      }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.body.fields).toEqual({ to: "To is required for a custom range" });
  });
});

describe("the recent list", () => {
  it("shows the 10 newest page views, newest first, with truncated IPs and nothing else", async () => {
    // just after every hit the other tests made
    const base = Date.now() + 1000;
    for (let i = 0; i < 12; i++) {
      const meta = { ipAddress: `192.0.2.${100 + i}`, userAgent: UA.android, city: "Orlando", region: "Florida", country: "United States" };
      await Analytics.collect({ t: "pageview", p: `/sign/petition-${i}?ref=${i}` }, { meta, headers: {} }, { now: new Date(base + i * 50) });
      await Analytics.collect({ t: "event", n: "signature", p: `/sign/petition-${i}` }, { meta, headers: {} }, { now: new Date(base + i * 50 + 25) });
    }
    const items = await recent();
    expect(items).toHaveLength(10);
    expect(items.map((v) => v.path)).toEqual(Array.from({ length: 10 }, (_, k) => `/sign/petition-${11 - k}`));
    expect(items.map((v) => v.at)).toEqual([...items.map((v) => v.at)].sort().reverse());
    for (const v of items) {
      expect(Object.keys(v).sort()).toEqual(["at", "browser", "device", "ip", "location", "os", "path"]);
      expect(v).toMatchObject({ ip: "192.0.2.0", location: "Orlando, Florida, United States", device: "Mobile", browser: "Chrome", os: "Android" });
    }
  });
});

describe("the daily salt in the table", () => {
  const day = "2024-02-10";
  const noon = new Date(dayStart(day).getTime() + 12 * 3_600_000);

  it("is shared by processes racing for the day's first hit, rotates the next day and is then gone", async () => {
    const processes = Array.from({ length: 6 }, () => Analytics.saltSource());
    const first = await Promise.all(processes.map((p) => p.forDay(day, noon)));
    expect(new Set(first.map((s) => s.toString("hex"))).size).toBe(1);

    const next = addDays(day, 1);
    const nextNoon = new Date(dayStart(next).getTime() + 12 * 3_600_000);
    const rotated = await Analytics.saltSource().forDay(next, nextNoon);
    expect(rotated.equals(first[0])).toBe(false);
    expect(Analytics.visitorId(rotated, "203.0.113.5", UA.iphone)).not.toBe(Analytics.visitorId(first[0], "203.0.113.5", UA.iphone));
    expect(await Analytics.tableSaltStore.get(day)).toBeUndefined();
    await expect(Analytics.saltSource().forDay(day, nextNoon)).rejects.toBeInstanceOf(Analytics.SaltExpired);

    const stored = (await scanAll()).find((i) => i.pk === Keys.analyticsSalt(next).pk && i.sk === next)!;
    expect(stored.validUntil).toBe(dayStart(addDays(next, 1)).toISOString());
    expect(Number(stored.expiresAt)).toBeGreaterThan(Date.now() / 1000);
  });
});

describe("loading aggregates computed elsewhere", () => {
  it("bucketItems writes a bucket's counts as the updates leave them: they read back the same", async () => {
    const { dayBucket } = await import("@site/core/analytics/buckets");
    const { emptyCounts } = await import("@site/core/analytics/counts");
    const { putAll } = await import("@site/core/db/batch");
    const bucket = dayBucket("2001-02-03");
    const counts = emptyCounts();
    Object.assign(counts, { pageviews: 7, events: 3, visitors: 4 });
    Object.assign(counts.dims, {
      page: { "/petition": 5, "/": 2 },
      device: { Mobile: 6, Desktop: 1 },
      browser: { Safari: 7 },
      os: { iOS: 6, macOS: 1 },
      event: { sign_petition_main: 2, signature: 1 },
      location: { "Austin, Texas, United States": 7 },
      referrer: { "news.example.org": 3 },
      source: { newsletter: 2 },
      campaign: { spring: 2 },
    });
    await putAll(Analytics.bucketItems(bucket, 3, counts));
    Analytics.forgetClosedBuckets();
    expect(await Analytics.readAggregates([bucket])).toEqual([counts]);
  });

  it("a closed bucket is summed once into a summary that later reads use; a hit replayed into it drops the summary", async () => {
    const { dayBucket } = await import("@site/core/analytics/buckets");
    const { emptyCounts } = await import("@site/core/analytics/counts");
    const { putAll } = await import("@site/core/db/batch");
    const { DeleteCommand, GetCommand } = await import("@aws-sdk/lib-dynamodb");
    const bucket = dayBucket("2001-03-04");
    const counts = emptyCounts();
    Object.assign(counts, { pageviews: 2, events: 0, visitors: 1 });
    Object.assign(counts.dims, { page: { "/": 2 }, device: { Desktop: 2 }, browser: { Chrome: 2 }, os: { Windows: 2 }, location: { Canada: 2 } });
    const items = Analytics.bucketItems(bucket, 0, counts);
    await putAll(items);
    Analytics.forgetClosedBuckets();
    expect(await Analytics.readAggregates([bucket])).toEqual([counts]);
    const summary = { pk: "ANAGG#D#2001-03-04#SUM", sk: "SUM" };
    expect((await db().send(new GetCommand({ TableName: table(), Key: summary }))).Item).toMatchObject({ type: "analyticsSummary" });

    // the shards gone, a fresh process still reads the bucket: from its summary
    for (const item of items) await db().send(new DeleteCommand({ TableName: table(), Key: { pk: item.pk, sk: item.sk } }));
    Analytics.forgetClosedBuckets();
    expect(await Analytics.readAggregates([bucket])).toEqual([counts]);

    // a hit replayed into the bucket: the summary is dropped and the shards are summed again
    const meta = { ipAddress: "203.0.113.9", userAgent: UA.windows };
    expect(await Analytics.collect({ t: "pageview", p: "/petition" }, { meta, headers: {} }, { now: new Date(bucket.start.getTime() + 3_600_000) })).toBe(
      "counted",
    );
    expect((await db().send(new GetCommand({ TableName: table(), Key: summary }))).Item).toBeUndefined();
    Analytics.forgetClosedBuckets();
    const [after] = await Analytics.readAggregates([bucket]);
    expect(after).toMatchObject({ pageviews: 1, visitors: 1, dims: expect.objectContaining({ page: { "/petition": 1 } }) });
  });

  it("the hourly schedule sums the buckets that closed lately into their summaries", async () => {
    const { GetCommand } = await import("@aws-sdk/lib-dynamodb");
    const { hourBucket } = await import("@site/core/analytics/buckets");
    const { hourOf } = await import("@site/core/analytics/calendar");
    const now = new Date();
    const previous = hourBucket(hourOf(now.getTime() - 3_600_000));
    const current = hourBucket(hourOf(now.getTime()));
    const summaryOf = async (b: { key: string }) =>
      (await db().send(new GetCommand({ TableName: table(), Key: { pk: `ANAGG#H#${b.key}#SUM`, sk: "SUM" } }))).Item;
    // as late as the schedule runs: the previous hour is over by more than 2 minutes
    const later = new Date(Math.max(now.getTime(), previous.end.getTime() + 3 * 60_000));
    expect(await Analytics.summarizeRecent(later)).toBeGreaterThanOrEqual(3);
    expect(await summaryOf(previous)).toMatchObject({ type: "analyticsSummary" });
    expect(await summaryOf(current)).toBeUndefined();
  });
});
