import { describe, expect, it } from "vitest";
import { deriveHit, hostOf } from "../src/analytics/derive";
import { dropReason, isPrefetch } from "../src/analytics/drop";
import { locationLabel } from "../src/analytics/location";
import { OTHER_ROUTE, SITE_ROUTES, isAdminPath, routeOf } from "../src/analytics/site-routes";
import { referrerHost, utmOf } from "../src/analytics/traffic-source";
import { browserFamily, deviceType, osName } from "../src/analytics/user-agent";
import { PUBLIC_ROUTES } from "../../../web/src/publicRoutes";

/** Real user agents, as browsers and crawlers send them. */
const UA = {
  chromeWindows: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  edgeWindows: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87",
  safariMac: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  firefoxLinux: "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
  safariIphone: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  safariIpad: "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1",
  chromeAndroid: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Mobile Safari/537.36",
  samsungTablet: "Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Safari/537.36",
  androidTablet: "Mozilla/5.0 (Linux; Android 13; SM-X200 Build/TP1A; Tablet) AppleWebKit/537.36 Chrome/120.0 Safari/537.36",
  chromeOs: "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  firefoxIphone: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15",
};

const BOTS = {
  googlebot: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  googlebotSmartphone:
    "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.126 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  bingbot: "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
  facebook: "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
  twitter: "Twitterbot/1.0",
  slack: "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
  ahrefs: "Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)",
  gptbot: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)",
  headlessChrome: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36",
  curl: "curl/8.5.0",
  pythonRequests: "python-requests/2.32.3",
};

describe("device, by the spec's rule ('mobile' → Mobile; 'tablet' or 'ipad' → Tablet; else Desktop)", () => {
  it.each([
    [UA.safariIphone, "Mobile"],
    [UA.chromeAndroid, "Mobile"],
    // an iPad's Safari also says "Mobile/…": the spec's first rule wins
    [UA.safariIpad, "Mobile"],
    ["Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Safari/604.1", "Tablet"],
    [UA.androidTablet, "Tablet"],
    [UA.samsungTablet, "Desktop"],
    [UA.chromeWindows, "Desktop"],
    [UA.safariMac, "Desktop"],
    ["", "Desktop"],
  ])("%s → %s", (ua, device) => expect(deviceType(ua)).toBe(device));
});

describe("operating system and browser", () => {
  it.each([
    [UA.chromeWindows, "Windows", "Chrome"],
    [UA.edgeWindows, "Windows", "Microsoft Edge"],
    [UA.safariMac, "macOS", "Safari"],
    [UA.firefoxLinux, "Linux", "Firefox"],
    [UA.safariIphone, "iOS", "Safari"],
    [UA.firefoxIphone, "iOS", "Firefox"],
    [UA.safariIpad, "iPadOS", "Safari"],
    [UA.chromeAndroid, "Android", "Chrome"],
    [UA.samsungTablet, "Android", "Samsung Internet for Android"],
    [UA.chromeOs, "ChromeOS", "Chrome"],
    // a console's WebKit: bowser calls it Safari
    ["Mozilla/5.0 (PlayStation; PlayStation 5/2.26) AppleWebKit/605.1.15 (KHTML, like Gecko)", "Other", "Safari"],
    ["", "Other", "Other"],
  ])("%s → %s, %s", (ua, os, browser) => {
    expect(osName(ua)).toBe(os);
    expect(browserFamily(ua)).toBe(browser);
  });

  it("names only browsers it knows, so the set of values stays bounded", () => {
    expect(browserFamily("MyScraper/1.0 (x)")).toBe("Other");
    expect(browserFamily("Zq9/1 Zq8/2")).toBe("Other");
  });
});

describe("pages", () => {
  it("counts a page under its route pattern, without query, fragment or trailing slash", () => {
    expect(routeOf("/")).toBe("/");
    expect(routeOf("/petition?utm_source=fb#top")).toBe("/petition");
    expect(routeOf("/petition/")).toBe("/petition");
    expect(routeOf("/sign/timeshare-reform")).toBe("/sign/:id");
    expect(routeOf("/sign/another-one?ref=x")).toBe("/sign/:id");
    expect(routeOf("/thank-you/abc")).toBe("/thank-you/:id");
    expect(routeOf("/report-scam/thank-you")).toBe("/report-scam/thank-you");
  });

  it("puts pages the site does not have under 'other'", () => {
    for (const path of ["/wp-login.php", "/sign", "/sign/a/b", "/Petition", "/petition.html", "//evil.example/x"])
      expect(routeOf(path), path).toBe(OTHER_ROUTE);
  });

  it("knows every public route of the web app, and no other", () => {
    expect([...SITE_ROUTES].sort()).toEqual(PUBLIC_ROUTES.map((r) => r.path).sort());
  });

  it("recognises the admin console's paths", () => {
    for (const path of ["/admin", "/admin/", "/admin/analytics", "/ADMIN/login?next=/x"]) expect(isAdminPath(path), path).toBe(true);
    for (const path of ["/", "/administrator-guide", "/petition?from=/admin"]) expect(isAdminPath(path), path).toBe(false);
  });
});

describe("referrers and campaign tags", () => {
  const SITE = "owners.example.org";

  it("keeps only the referring host, without www.", () => {
    expect(referrerHost("https://www.facebook.com/some/post?id=1", SITE)).toBe("facebook.com");
    expect(referrerHost("https://l.facebook.com/l.php?u=x", SITE)).toBe("l.facebook.com");
    expect(referrerHost("https://News.Example.COM:8443/a", SITE)).toBe("news.example.com");
    expect(referrerHost("android-app://com.google.android.gm/", SITE)).toBe("com.google.android.gm");
  });

  it("drops the site's own host, empty and unparsable referrers", () => {
    expect(referrerHost("https://owners.example.org/petition", SITE)).toBeUndefined();
    expect(referrerHost("https://www.owners.example.org/", SITE)).toBeUndefined();
    expect(referrerHost("", SITE)).toBeUndefined();
    expect(referrerHost(undefined, SITE)).toBeUndefined();
    expect(referrerHost("not a url", SITE)).toBeUndefined();
    expect(referrerHost("<script>alert(1)</script>", SITE)).toBeUndefined();
  });

  it("reads utm_source, utm_medium and utm_campaign from the page's query", () => {
    expect(utmOf("/petition?utm_source=facebook&utm_medium=social&utm_campaign=spring%20push&x=1")).toEqual({
      source: "facebook",
      medium: "social",
      campaign: "spring push",
    });
    expect(utmOf("/petition?utm_source=newsletter")).toEqual({ source: "newsletter", medium: undefined, campaign: undefined });
    expect(utmOf("/petition?utm_source=&utm_campaign=%20")).toEqual({ source: undefined, medium: undefined, campaign: undefined });
    expect(utmOf("/petition#utm_source=hash")).toEqual({});
    expect(utmOf("/petition")).toEqual({});
  });

  it("cuts long values to 100 characters", () => {
    expect(utmOf(`/?utm_source=${"s".repeat(300)}`).source).toHaveLength(100);
    expect(referrerHost(`https://${"a".repeat(60)}.${"b".repeat(60)}.example/`, SITE)).toHaveLength(100);
  });
});

describe("location", () => {
  it("is what CloudFront told us, or Unknown", () => {
    expect(locationLabel({ city: "Austin", region: "Texas", country: "United States" })).toBe("Austin, Texas, United States");
    expect(locationLabel({ country: "Canada" })).toBe("Canada");
    expect(locationLabel({ city: " ", country: "BR" })).toBe("BR");
    expect(locationLabel({})).toBe("Unknown");
  });
});

describe("dropped hits", () => {
  const page = { t: "pageview", p: "/petition" } as const;

  it.each(Object.entries(BOTS))("drops the bot %s", (_, ua) => expect(dropReason(page, ua, {})).toBe("bot"));

  it.each(Object.entries(UA))("keeps the browser %s", (_, ua) => expect(dropReason(page, ua, {})).toBeUndefined());

  it.each([
    [{ "sec-purpose": "prefetch" }],
    [{ "sec-purpose": "prefetch;prerender" }],
    [{ purpose: "prefetch" }],
    [{ "x-purpose": "preview" }],
    [{ "x-moz": "prefetch" }],
  ])("drops a prefetch: %j", (headers) => {
    expect(isPrefetch(headers)).toBe(true);
    expect(dropReason(page, UA.chromeWindows, headers)).toBe("prefetch");
  });

  it("keeps requests with unrelated purposes", () => {
    expect(isPrefetch({ "sec-purpose": "", purpose: "", "x-moz": "" })).toBe(false);
    expect(dropReason(page, UA.chromeWindows, { "sec-fetch-mode": "no-cors" })).toBeUndefined();
  });

  it("drops admin pages and requests without a user agent", () => {
    expect(dropReason({ t: "pageview", p: "/admin/analytics" }, UA.chromeWindows, {})).toBe("admin");
    expect(dropReason({ t: "event", n: "signature", p: "/admin" }, UA.chromeWindows, {})).toBe("admin");
    expect(dropReason(page, "", {})).toBe("no-user-agent");
    expect(dropReason(page, "   ", {})).toBe("no-user-agent");
  });
});

describe("a hit, derived", () => {
  it("keeps the path without its query, the truncated IP, the referrer host and the UTM tags", () => {
    const meta = { ipAddress: "203.0.113.77", userAgent: UA.safariIphone, city: "Austin", region: "Texas", country: "United States" };
    const hit = deriveHit(
      { t: "pageview", p: "/newsletter/confirmed?token=SECRET&utm_source=mail", r: "https://mail.example.com/inbox" },
      meta,
      hostOf("https://owners.example.org"),
    );
    expect(hit).toEqual({
      kind: "pageview",
      name: undefined,
      path: "/newsletter/confirmed",
      route: "/newsletter/confirmed",
      device: "Mobile",
      browser: "Safari",
      os: "iOS",
      city: "Austin",
      region: "Texas",
      country: "United States",
      location: "Austin, Texas, United States",
      ip: "203.0.113.0",
      referrer: "mail.example.com",
      utmSource: "mail",
      utmMedium: undefined,
      utmCampaign: undefined,
    });
    expect(JSON.stringify(hit)).not.toContain("SECRET");
  });

  it("names the event", () => {
    const hit = deriveHit({ t: "event", n: "sign_petition_main", p: "/petition" }, { ipAddress: "2001:db8:1:2::5", userAgent: UA.chromeWindows }, "localhost");
    expect([hit.kind, hit.name, hit.route, hit.ip, hit.location]).toEqual(["event", "sign_petition_main", "/petition", "2001:db8:1::", "Unknown"]);
  });
});
