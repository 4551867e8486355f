/**
 * The <head> of a public page: title, description, canonical URL, Open Graph and Twitter card tags.
 * The same code writes the prerendered pages at build time (web/scripts/prerender.mjs) and the petition
 * pages served to link previews at request time (packages/functions/src/http/petition-page.ts), so a
 * shared link looks the same whichever path produced it. Pure string work: no AWS, no DOM.
 */

import { escapeHtml } from "../util/html";
import { SITE_NAME } from "../util/site-name";

export { SITE_NAME };

/** Share images are drawn at the size every network's large card expects. */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** The share image of every petition link (/sign/{id}, /share/{id}), drawn by `npm run share-images`. */
export const PETITION_SHARE_IMAGE = "/share-images/petition-sign.jpg";

export interface PageHead {
  title: string;
  description: string;
  /** Path of the page on the site ("/petition"); made absolute with the site URL. */
  path: string;
  /** Path of its share image ("/share-images/petition.png"). */
  image: string;
  imageAlt: string;
  /** false: `noindex` (admin, error and return pages). */
  index?: boolean;
  /** Open Graph type: "website" by default, "article" for a petition. */
  type?: "website" | "article";
}

export { escapeHtml };

/** `https://example.org/` → `https://example.org`; throws on anything but an http(s) origin. */
export function siteOrigin(siteUrl: string): string {
  const url = new URL(siteUrl);
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error(`SITE_URL must be http(s), got ${siteUrl}`);
  return url.origin;
}

/** At most `max` characters, cut at a word boundary with an ellipsis: share cards truncate badly on their own. */
export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/, "")}…`;
}

/** The id of the JSON data block a petition page carries (its petition, as GET /api/petitions/{id} returns it). */
export const PETITION_DATA_ID = "petition-data";

/**
 * `html` with `data` as a JSON data block after the app's root: the app renders the petition at once
 * instead of fetching it first. A data block is not a script (no CSP hash needed); "<" is escaped so
 * the text can never close the element.
 */
export function withPetitionData(html: string, data: unknown): string {
  const json = JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
  if (!html.includes("</body>")) throw new Error("The page has no </body>");
  // a replacer function: in a replacement string, "$&" or "$`" inside a petition's text would expand
  return html.replace("</body>", () => `<script type="application/json" id="${PETITION_DATA_ID}">${json}</script>\n  </body>`);
}

/** The tags, one per line, for `head` on the site at `siteUrl`. */
export function headTags(head: PageHead, siteUrl: string): string {
  const origin = siteOrigin(siteUrl);
  const url = `${origin}${head.path}`;
  const image = `${origin}${head.image}`;
  const title = clip(head.title, 110);
  const description = clip(head.description, 200);
  const meta = (attr: "name" | "property", key: string, value: string) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  return [
    `<title>${escapeHtml(title)}</title>`,
    meta("name", "description", description),
    head.index === false ? meta("name", "robots", "noindex") : `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta("property", "og:type", head.type ?? "website"),
    meta("property", "og:site_name", SITE_NAME),
    meta("property", "og:title", title),
    meta("property", "og:description", description),
    meta("property", "og:url", url),
    meta("property", "og:image", image),
    meta("property", "og:image:width", String(SHARE_IMAGE_SIZE.width)),
    meta("property", "og:image:height", String(SHARE_IMAGE_SIZE.height)),
    meta("property", "og:image:alt", head.imageAlt),
    meta("property", "og:locale", "en_US"),
    meta("name", "twitter:card", "summary_large_image"),
    meta("name", "twitter:title", title),
    meta("name", "twitter:description", description),
    meta("name", "twitter:image", image),
    meta("name", "twitter:image:alt", head.imageAlt),
  ].join("\n    ");
}

const PAGE_TAG = /<title>[\s\S]*?<\/title>|<meta\s+(?:name|property)="(?:description|robots|og:[^"]+|twitter:[^"]+)"[^>]*>|<link\s+rel="canonical"[^>]*>/g;

/**
 * `html` (a page with a <head>) with its page tags replaced by those of `head`: whatever title,
 * description, canonical, robots, Open Graph and Twitter tags it had are removed first.
 */
export function withHead(html: string, head: PageHead, siteUrl: string): string {
  const stripped = html.replace(PAGE_TAG, "").replace(/\n\s*\n(\s*)/g, "\n$1");
  if (!stripped.includes("</head>")) throw new Error("The page has no </head>");
  return stripped.replace("</head>", () => `  ${headTags(head, siteUrl)}\n  </head>`);
}

/**
 * The head of a petition's pages (/sign/{id}, /share/{id}): both point crawlers at the sign page,
 * the link visitors share. Without a petition (unknown id) the generic petition card.
 */
export function petitionHead(id: string, petition?: { title: string; story: string }): PageHead {
  return {
    title: petition ? `${petition.title} | ${SITE_NAME}` : `Sign the Petition | ${SITE_NAME}`,
    description: petition?.story || "Sign the petition for fair timeshare cancellation rights and an end to inherited timeshare debt.",
    path: `/sign/${encodeURIComponent(id)}`,
    image: PETITION_SHARE_IMAGE,
    imageAlt: "Sign the petition for fair timeshare cancellation rights",
    index: petition !== undefined,
    type: "article",
  };
}
