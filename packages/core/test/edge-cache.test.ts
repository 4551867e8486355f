import { describe, expect, it } from "vitest";
import {
  PETITION_POLL,
  REGIONAL_EDGE_CACHES,
  edgeAnswer,
  nextPollInterval,
  originRequestsPerSecond,
  petitionCacheControl,
  uncachedRequestsPerSecond,
} from "../src/petition/edge-cache";

describe("a petition's reads at the edge", () => {
  it("are cacheable by CloudFront, refreshed in the background and kept through an API failure", () => {
    expect(petitionCacheControl()).toBe("public, max-age=5, s-maxage=10, stale-while-revalidate=30, stale-if-error=86400");
  });

  it("cost the origin 0.2 requests/s at 100,000 open pages with Origin Shield, 2.6/s without, 20,000/s uncached", () => {
    expect(uncachedRequestsPerSecond({ openPages: 100_000 })).toBe(20_000);
    expect(originRequestsPerSecond({ openPages: 100_000 })).toBeCloseTo(0.2);
    expect(originRequestsPerSecond({ openPages: 100_000, originCaches: REGIONAL_EDGE_CACHES })).toBeCloseTo(2.6);
    // a handful of pages ask less than the caches would
    expect(originRequestsPerSecond({ openPages: 1 })).toBeCloseTo(0.2);
    expect(originRequestsPerSecond({ openPages: 0 })).toBe(0);
    // no edge cache worth the name: the pages' own rate
    expect(originRequestsPerSecond({ openPages: 10, cache: { sMaxAge: 0.001 } })).toBeCloseTo(2);
  });

  it("are polled every 10 s while the count moves, backing off to once a minute while it does not", () => {
    let ms: number = PETITION_POLL.initialMs;
    const seen = [ms];
    for (let i = 0; i < 6; i++) seen.push((ms = nextPollInterval(ms, false)));
    expect(seen).toEqual([10_000, 15_000, 22_500, 33_750, 50_625, 60_000, 60_000]);
    expect(nextPollInterval(60_000, true)).toBe(10_000);
  });

  it("are answered by the edge as CloudFront answers: fresh for s-maxage, stale while one fetch refreshes, then from the origin", () => {
    const policy = petitionCacheControl();
    expect(edgeAnswer(0, policy)).toBe("fresh");
    expect(edgeAnswer(9.9, policy)).toBe("fresh");
    expect(edgeAnswer(10, policy)).toBe("stale, revalidating");
    expect(edgeAnswer(39.9, policy)).toBe("stale, revalidating");
    expect(edgeAnswer(40, policy)).toBe("from the origin");
    // s-maxage is the shared cache's, max-age only without it
    expect(edgeAnswer(7, "public, max-age=5")).toBe("from the origin");
    expect(edgeAnswer(4, "public, max-age=5")).toBe("fresh");
    expect(edgeAnswer(0, "no-store")).toBe("from the origin");
    expect(edgeAnswer(0, "private, max-age=60")).toBe("from the origin");
    expect(edgeAnswer(0, "")).toBe("from the origin");
  });
});
