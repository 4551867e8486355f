import { describe, expect, it } from "vitest";
import { browserName, deviceType, metaDetails } from "../src/request/meta-details";
import { fromHeaders, fromOrigin, rateLimitSubject, viewerAddress } from "../src/request/metadata";

const UA = {
  iphone: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
  ipad: "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Safari/604.1",
  androidTablet: "Mozilla/5.0 (Linux; Android 13; SM-X200 Build/TP1A; Tablet) AppleWebKit/537.36 Chrome/120.0 Safari/537.36",
  desktop: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  firefox: "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
};

describe("device type, by the spec's rule", () => {
  it.each([
    [UA.iphone, "Mobile"],
    [UA.ipad, "Tablet"],
    [UA.androidTablet, "Tablet"],
    [UA.desktop, "Desktop"],
    ["", "Desktop"],
    ["SomeBot Mobile Tablet", "Mobile"],
  ])("%s → %s", (ua, expected) => expect(deviceType(ua)).toBe(expected));
});

describe("browser name", () => {
  it("names the browser and its major version", () => {
    expect(browserName(UA.desktop)).toBe("Chrome 126");
    expect(browserName(UA.firefox)).toBe("Firefox 128");
    expect(browserName("")).toBe("Unknown");
  });
});

describe("request metadata", () => {
  const SECRET = "origin-secret-under-test-0123456789";
  const viewer = {
    "cloudfront-viewer-address": "2001:db8::1:5555",
    "cloudfront-viewer-city": "S%C3%A3o%20Paulo",
    "cloudfront-viewer-country": "BR",
    "cloudfront-viewer-latitude": "-23.55",
    "user-agent": UA.firefox,
  };

  it("takes CloudFront's viewer address and decodes its geolocation headers when the origin secret matches", () => {
    const meta = fromHeaders({ ...viewer, "x-origin-verify": SECRET }, "10.0.0.1", SECRET);
    expect(meta).toMatchObject({ ipAddress: "2001:db8::1", city: "São Paulo", country: "BR", latitude: "-23.55", userAgent: UA.firefox });
  });

  it("ignores viewer headers without the origin secret, with a wrong one, or when no secret is configured", () => {
    const untrusted = { ipAddress: "10.0.0.1", userAgent: UA.firefox };
    expect(fromHeaders(viewer, "10.0.0.1", SECRET)).toEqual(untrusted);
    expect(fromHeaders({ ...viewer, "x-origin-verify": `${SECRET}x` }, "10.0.0.1", SECRET)).toEqual(untrusted);
    expect(fromHeaders({ ...viewer, "x-origin-verify": SECRET.slice(0, -1) }, "10.0.0.1", SECRET)).toEqual(untrusted);
    expect(fromHeaders({ ...viewer, "x-origin-verify": "" }, "10.0.0.1", "")).toEqual(untrusted);
    expect(fromHeaders({ ...viewer, "x-origin-verify": SECRET }, "10.0.0.1", undefined)).toEqual(untrusted);
    expect(fromOrigin({ "x-origin-verify": SECRET }, SECRET)).toBe(true);
  });

  it("falls back to the source IP when a trusted viewer address does not parse", () => {
    const meta = fromHeaders({ "cloudfront-viewer-address": "not-an-ip:443", "x-origin-verify": SECRET }, "10.0.0.1", SECRET);
    expect(meta.ipAddress).toBe("10.0.0.1");
  });

  it("reads CloudFront's viewer address as address and port, IPv6 without brackets", () => {
    expect(viewerAddress("203.0.113.9:443")).toBe("203.0.113.9");
    expect(viewerAddress("2001:db8::1:46532")).toBe("2001:db8::1");
    expect(viewerAddress("2001:db8:85a3:0:0:8a2e:370:7334:443")).toBe("2001:db8:85a3:0:0:8a2e:370:7334");
    expect(viewerAddress("::1:8080")).toBe("::1");
    expect(viewerAddress("[2001:db8::1]:443")).toBe("2001:db8::1");
    expect(viewerAddress("203.0.113.9")).toBeUndefined();
    expect(viewerAddress("garbage")).toBeUndefined();
  });

  it("rate-limits IPv4 clients by address and IPv6 clients by their /64", () => {
    expect(rateLimitSubject("203.0.113.9")).toBe("203.0.113.9");
    expect(rateLimitSubject("2001:db8:aa:bb:1::1")).toBe("2001:db8:aa:bb::/64");
    expect(rateLimitSubject("2001:DB8:AA:BB:ffff:ffff:ffff:ffff")).toBe("2001:db8:aa:bb::/64");
    expect(rateLimitSubject("2001:db8:aa:bc::1")).toBe("2001:db8:aa:bc::/64");
    expect(rateLimitSubject("2001:0db8:00aa:00bb::7")).toBe("2001:db8:aa:bb::/64");
    expect(rateLimitSubject("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(rateLimitSubject("::1")).toBe("0:0:0:0::/64");
    expect(rateLimitSubject("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(rateLimitSubject("")).toBe("unknown");
  });

  it("fills every missing detail with Unknown", () => {
    const meta = metaDetails(fromHeaders({}, "198.51.100.1", undefined));
    expect(meta).toEqual({
      browser: "Unknown",
      deviceType: "Desktop",
      screenResolution: "Unknown",
      userAgent: "Unknown",
      timezone: "Unknown",
      language: "Unknown",
      ipAddress: "198.51.100.1",
      city: "Unknown",
      region: "Unknown",
      country: "Unknown",
      latitude: "Unknown",
      longitude: "Unknown",
    });
  });
});
