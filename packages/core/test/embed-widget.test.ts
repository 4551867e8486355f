import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { hashSource, securityHeaders } from "../src/request/security-headers";
import { embedContentSecurityPolicy, embedSecurityHeaders } from "../src/site/embed-headers";
import { EMBED_HTML, EMBED_SCRIPT, EMBED_STYLE, embedPath } from "../src/site/embed-widget";

const directives = (csp: string) =>
  Object.fromEntries(
    csp
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...sources]) => [name, sources]),
  );

/** The widget must stay small enough for any site to embed it without a second thought (issue 24). */
const MAX_GZIP_BYTES = 3 * 1024;

describe("the embeddable widget's page", () => {
  it(`is at most ${MAX_GZIP_BYTES} bytes gzipped`, () => {
    const size = gzipSync(EMBED_HTML, { level: 9 }).length;
    expect(size).toBeGreaterThan(500);
    expect(size).toBeLessThanOrEqual(MAX_GZIP_BYTES);
  });

  it("names no other origin and touches no cookie or storage", () => {
    expect(EMBED_HTML).not.toMatch(/(https?:)?\/\/[a-z0-9]/i);
    expect(EMBED_HTML).not.toMatch(/cookie|localStorage|sessionStorage|indexedDB|src=/i);
    expect(EMBED_SCRIPT).toContain('credentials:"omit"');
    expect(EMBED_SCRIPT).toContain('"/api/public/petitions/ID"');
  });

  it("has exactly one inline style and one inline script, both allowed by hash, and no inline style attribute", () => {
    expect(EMBED_HTML.match(/<script\b/g)).toHaveLength(1);
    expect(EMBED_HTML.match(/<style\b/g)).toHaveLength(1);
    expect(EMBED_HTML).toContain(`<script>${EMBED_SCRIPT}</script>`);
    expect(EMBED_HTML).toContain(`<style>${EMBED_STYLE}</style>`);
    expect(EMBED_HTML).not.toMatch(/\sstyle=|\son[a-z]+=/i);
    const csp = directives(embedContentSecurityPolicy());
    expect(csp["script-src"]).toEqual([hashSource(EMBED_SCRIPT)]);
    expect(csp["style-src"]).toEqual([hashSource(EMBED_STYLE)]);
  });

  it("opens the petition in a new tab, without giving it a handle on the embedding page", () => {
    expect(EMBED_HTML).toMatch(/<a id="s" href="\/" target="_blank" rel="noopener"[^>]*>Sign the petition<\/a>/);
    expect(embedPath("p-1")).toBe("/embed/petition/p-1");
  });
});

describe("the widget's security headers", () => {
  it("let any site frame it, and it reach only its own origin", () => {
    const headers = embedSecurityHeaders();
    expect(headers["X-Frame-Options"]).toBeUndefined();
    const csp = directives(headers["Content-Security-Policy"]);
    expect(csp["frame-ancestors"]).toEqual(["*"]);
    expect(csp["default-src"]).toEqual(["'none'"]);
    expect(csp["connect-src"]).toEqual(["'self'"]);
    expect(headers["X-Content-Type-Options"]).toBe("nosniff");
  });

  it("leave every other page unframeable", () => {
    const site = securityHeaders({ cognitoOrigin: "https://cognito-idp.eu-west-1.amazonaws.com" });
    expect(site["X-Frame-Options"]).toBe("DENY");
    expect(directives(site["Content-Security-Policy"])["frame-ancestors"]).toEqual(["'none'"]);
  });
});
