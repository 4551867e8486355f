import { describe, expect, it } from "vitest";
import { browserName, deviceType, metaDetails } from "../src/signature/meta";
import { fromHeaders, stripPort } from "../src/request/metadata";

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
  it("prefers CloudFront's viewer address and decodes its geolocation headers", () => {
    const meta = fromHeaders(
      {
        "cloudfront-viewer-address": "[2001:db8::1]:5555",
        "cloudfront-viewer-city": "S%C3%A3o%20Paulo",
        "cloudfront-viewer-country": "BR",
        "user-agent": UA.firefox,
      },
      "10.0.0.1",
    );
    expect(meta).toMatchObject({ ipAddress: "2001:db8::1", city: "São Paulo", country: "BR", userAgent: UA.firefox });
  });

  it("strips ports from IPv4 and IPv6 viewer addresses", () => {
    expect(stripPort("203.0.113.9:443")).toBe("203.0.113.9");
    expect(stripPort("[2001:db8::1]:443")).toBe("2001:db8::1");
    expect(stripPort("2001:db8::1")).toBe("2001:db8::1");
  });

  it("fills every missing detail with Unknown", () => {
    const meta = metaDetails(fromHeaders({}, "198.51.100.1"));
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
