import { describe, expect, it } from "vitest";
import { embedCode, shareUrl, signUrl } from "../src/lib/share";
import { SHARE_TEXT, sharePath, signPath, thankYouPath } from "../src/site";

describe("share links", () => {
  it("builds the public sign URL", () => {
    expect(signUrl("https://example.org", "timeshare-reform")).toBe("https://example.org/sign/timeshare-reform");
    expect(signUrl("https://example.org/", "a b")).toBe("https://example.org/sign/a%20b");
  });

  it("builds paths with encoded ids", () => {
    expect(signPath("x/y")).toBe("/sign/x%2Fy");
    expect(sharePath("p1")).toBe("/share/p1");
    expect(thankYouPath("p1")).toBe("/thank-you/p1");
  });

  it("points each network's share dialog at the sign URL", () => {
    const url = "https://example.org/sign/timeshare-reform";
    const encoded = encodeURIComponent(url);
    expect(SHARE_TEXT).toBe("Help Fight Timeshare Scams!");
    expect(shareUrl("facebook", url)).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encoded}`);
    const twitter = new URL(shareUrl("twitter", url));
    expect(twitter.origin + twitter.pathname).toBe("https://twitter.com/intent/tweet");
    expect(twitter.searchParams.get("url")).toBe(url);
    expect(twitter.searchParams.get("text")).toBe("Help Fight Timeshare Scams!");
    const linkedin = new URL(shareUrl("linkedin", url));
    expect(linkedin.hostname).toBe("www.linkedin.com");
    expect(linkedin.searchParams.get("url")).toBe(url);
    expect(linkedin.searchParams.get("title")).toBe("Help Fight Timeshare Scams!");
  });
});

describe("the embed code", () => {
  it("frames the petition's widget on this site, its title escaped for the attribute", () => {
    expect(embedCode("https://example.org/", "p-1", 'Fair "exit" & <rights>')).toBe(
      '<iframe src="https://example.org/embed/petition/p-1" title="Petition: Fair &quot;exit&quot; &amp; &lt;rights&gt;" width="420" height="200" style="border:0;max-width:100%" loading="lazy"></iframe>',
    );
  });
});
