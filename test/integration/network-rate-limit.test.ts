import { randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetSettings, settings } from "@site/core/config";
import { NETWORK_CLIENTS } from "@site/core/ratelimit";
import { rateLimitNetwork, rateLimitSubject } from "@site/core/request/metadata";
import { handler as confirm } from "../../packages/functions/src/http/signature-confirm";
import { call, httpEvent } from "../support/http";
import { inOneRateWindow } from "../support/rate-window";

/**
 * Security review M2: an IPv6 /48 holds 65,536 /64s, each a client with its own window. Above the
 * client's, the /48 has a window of NETWORK_CLIENTS × the limit, so rotating /64s buys at most that.
 */
const hex = () => randomInt(0x1000, 0xffff).toString(16);
/** A fresh /48 (in 2001:db8::/32, the documentation prefix), and its n-th /64. */
const network48 = () => `2001:db8:${hex()}`;
const client64 = (net: string, n: number) => `${net}:${n.toString(16)}::${hex()}`;

/** A confirmation attempt with a token that opens nothing: counted before the token is checked. */
const attempt = (sourceIp: string) =>
  call(
    confirm,
    httpEvent({ method: "POST", pathParameters: { id: "no-such-petition", signatureId: "0".repeat(26) }, body: { token: "A".repeat(43) }, sourceIp }),
  );

describe("the IPv6 network's window above the client's", () => {
  // a small limit keeps the attempts few: NETWORK_CLIENTS + 1 clients × 2
  beforeAll(() => {
    vi.stubEnv("SIGN_RATE_LIMIT_PER_MINUTE", "2");
    resetSettings();
  });
  afterAll(() => {
    vi.unstubAllEnvs();
    resetSettings();
  });

  it("names the /48 of an IPv6 address, and no network for IPv4 or IPv4-mapped addresses", () => {
    expect(rateLimitNetwork("2001:db8:abcd:12:1::7")).toBe("2001:db8:abcd::/48");
    expect(rateLimitSubject("2001:db8:abcd:12:1::7")).toBe("2001:db8:abcd:12::/64");
    expect(rateLimitNetwork("203.0.113.9")).toBeUndefined();
    expect(rateLimitNetwork("::ffff:203.0.113.9")).toBeUndefined();
  });

  it("refuses a /48 past NETWORK_CLIENTS × the limit however many /64s it rotates through, and no other network", () =>
    inOneRateWindow(async () => {
      const limit = settings().SIGN_RATE_LIMIT_PER_MINUTE;
      const net = network48();
      const statuses: number[] = [];
      // NETWORK_CLIENTS + 1 clients of one /48, each within its own limit
      for (let c = 0; c <= NETWORK_CLIENTS; c++) {
        const ip = client64(net, c);
        const batch = await Promise.all(Array.from({ length: limit }, () => attempt(ip)));
        statuses.push(...batch.map((r) => r.statusCode));
      }
      const refused = statuses.filter((s) => s === 429).length;
      expect(refused).toBe(limit);
      expect(statuses.filter((s) => s !== 429).length).toBe(limit * NETWORK_CLIENTS);
      // another /48 and an IPv4 client are untouched
      expect((await attempt(client64(network48(), 1))).statusCode).not.toBe(429);
      expect((await attempt(`198.51.100.${randomInt(1, 250)}`)).statusCode).not.toBe(429);
    }));
});
