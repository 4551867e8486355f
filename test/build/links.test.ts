import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isPublicPage } from "../../web/src/publicRoutes";
import { distDir, listFiles, readDist, requireBuild } from "./dist";

/** Every internal page link (`href="/…"`) of a prerendered page; assets and the favicon are files, not pages. */
function pageLinks(html: string): string[] {
  return [...html.matchAll(/<a\b[^>]*\bhref="(\/[^"]*)"/g)].map((m) => m[1]!).filter((href) => !href.startsWith("/assets/"));
}

describe("links of the prerendered site", () => {
  it("lead only to pages the site has: none to /404", () => {
    requireBuild();
    const pages = listFiles(distDir).filter((f) => f.endsWith("index.html"));
    expect(pages.length).toBeGreaterThanOrEqual(4);
    const links = pages.flatMap((file) => pageLinks(readDist(file)).map((href) => ({ file, href })));
    expect(links.length).toBeGreaterThan(0);
    // the admin app (its own router, web/src/admin) is reached only through its login page; a static
    // page of the build (/donation.html) is a file in dist
    const isBuiltFile = (href: string) => /\.html$/.test(href) && existsSync(path.join(distDir, href));
    const exists = (href: string) => href === "/404" || href === "/admin/login" || isPublicPage(href) || isBuiltFile(href);
    expect(links.filter(({ href }) => !exists(href))).toEqual([]);
  });

  it("link every page's footer to the privacy policy and the data request page", () => {
    const home = readDist("index.html");
    for (const p of ["/privacy-policy", "/data-deletion-request"]) expect(home).toContain(`href="${p}"`);
  });
});
