import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { SHARE_IMAGE_SIZE, escapeHtml } from "../../packages/core/src/site/page-head";
import { PETITION_SHARE_IMAGE, PRERENDER_ROUTES, shareImagePath, type PrerenderPath } from "../../web/src/publicRoutes";
import { ROUTE_DESCRIPTIONS } from "../../web/src/routeDescriptions";

const describe_ = (path: string) => ROUTE_DESCRIPTIONS[path as PrerenderPath];
import { distDir, readDist, requireBuild } from "./dist";

/** The content of `<meta {attr}="{key}" content="…">` (decoded), or undefined. */
function meta(html: string, key: string): string | undefined {
  const match = html.match(new RegExp(`<meta (?:name|property)="${key.replace(/[:]/g, "\\:")}" content="([^"]*)"`));
  return match?.[1]
    ?.replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
}

/** Width and height of a baseline or progressive JPEG, from its start-of-frame segment. */
function jpegSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new Error(`${file} is not a JPEG`);
  let i = 2;
  while (i < bytes.length) {
    const marker = bytes[i + 1]!;
    const length = bytes.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xc2) return { height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7) };
    i += 2 + length;
  }
  throw new Error(`${file} has no frame header`);
}

const fileOf = (route: string) => (route === "/" ? "index.html" : `${route.slice(1)}/index.html`);

describe("what search engines and link previews read", () => {
  let site: string;
  beforeAll(() => {
    requireBuild();
    // The origin the build was made for: the canonical of the home page.
    const canonical = readDist("index.html").match(/<link rel="canonical" href="([^"]+)"/)?.[1];
    expect(canonical).toMatch(/^https?:\/\/[^/]+\/$/);
    site = canonical!.replace(/\/$/, "");
  });

  it.each(PRERENDER_ROUTES.map((r) => [r.path, r] as const))("%s has its own title, description, canonical URL, Open Graph and Twitter tags", (_, route) => {
    const html = readDist(fileOf(route.path));
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain(`<title>${escapeHtml(route.title)}</title>`);
    expect(meta(html, "description")).toBe(describe_(route.path));
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(meta(html, "og:title")).toBe(route.title);
    expect(meta(html, "og:description")).toBe(describe_(route.path));
    expect(meta(html, "og:image")).toBe(`${site}${shareImagePath(route.path)}`);
    expect(meta(html, "twitter:card")).toBe("summary_large_image");
    expect(meta(html, "twitter:image")).toBe(`${site}${shareImagePath(route.path)}`);
    if (route.index === false) {
      expect(meta(html, "robots")).toBe("noindex");
      expect(html).not.toContain('rel="canonical"');
    } else {
      expect(html).toContain(`<link rel="canonical" href="${site}${route.path}" />`);
      expect(meta(html, "og:url")).toBe(`${site}${route.path}`);
      expect(meta(html, "robots")).toBeUndefined();
    }
  });

  it("gives every page a description of its own", () => {
    const descriptions = PRERENDER_ROUTES.map((r) => describe_(r.path));
    for (const d of descriptions) expect(d, "every prerendered route has a description").toBeTruthy();
    expect(new Set(descriptions).size).toBe(descriptions.length);
    for (const d of descriptions) expect(d.length, d).toBeLessThanOrEqual(200);
  });

  it("has every share image, drawn at the large-card size", () => {
    for (const image of [...PRERENDER_ROUTES.map((r) => shareImagePath(r.path)), PETITION_SHARE_IMAGE]) {
      const file = path.join(distDir, image);
      expect(existsSync(file), `${image}: run npm run share-images`).toBe(true);
      expect(jpegSize(file), image).toEqual(SHARE_IMAGE_SIZE);
    }
  });

  it("lists exactly the indexable pages in sitemap.xml, which robots.txt names", () => {
    const sitemap = readDist("sitemap.xml");
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(PRERENDER_ROUTES.filter((r) => r.index !== false).map((r) => `${site}${r.path}`));
    const robots = readDist("robots.txt");
    expect(robots).toContain(`Sitemap: ${site}/sitemap.xml`);
    expect(robots).toMatch(/^Disallow: \/api\/$/m);
    expect(robots).not.toMatch(/^Disallow: \/$/m);
  });

  it("keeps the admin area out of search engines", () => {
    const admin = readDist("admin/index.html");
    expect(meta(admin, "robots")).toBe("noindex");
    expect(admin).not.toContain('rel="canonical"');
    expect(readDist("sitemap.xml")).not.toContain("/admin");
  });

  it("serves /donation.html as a static page that works without JavaScript", () => {
    const html = readDist("donation.html");
    expect(html).not.toContain("<script");
    expect(meta(html, "robots")).toBe("noindex");
    const refresh = html.match(/<meta http-equiv="refresh" content="0; url=([^"]+)"/)?.[1];
    // with DONATION_URL the visitor is sent on (and can follow the link); without it, told it is not open yet
    if (refresh) expect(html).toContain(`href="${refresh}"`);
    else expect(html).toContain("Online donations are not open yet");
  });
});
