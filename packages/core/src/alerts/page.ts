import { SITE_NAME, clip, type PageHead } from "../site/page-head";
import { ALERT_DATA_ID, ALERT_IDENTIFIER_LABELS, alertPath, type PublicAlert } from "./types";

/**
 * The <head> and data of an alert's page (/scam-alerts/{slug}), served by the public-scam-alert-page
 * function: alerts are data, made after the build, so the page is the site's shell with the alert's
 * title, description and share card in its <head> and the alert as a JSON data block, from which the
 * app renders it without fetching it first (as a petition's pages, site/page-head.ts). Pure.
 */

/** Every alert's share image, drawn by `npm run share-images`. */
export const SCAM_ALERT_SHARE_IMAGE = "/share-images/scam-alert.jpg";

export { ALERT_DATA_ID };

/** "Owners reported Exit Pros (exitpros.example, +1 407-555-0199) 3 times: …" — what a shared link unfurls with. */
export function alertDescription(alert: Pick<PublicAlert, "identifiers" | "stats" | "summary">): string {
  const reports = alert.stats.reports === 1 ? "1 report" : `${alert.stats.reports} reports`;
  const named = alert.identifiers.map((i) => i.shown).join(", ");
  return clip(`Scam alert (${reports} from timeshare owners): ${named}. ${alert.summary}`, 200);
}

export function alertHead(slug: string, alert?: PublicAlert): PageHead {
  return {
    title: alert ? `Scam alert: ${alert.title} | ${SITE_NAME}` : `Scam alert | ${SITE_NAME}`,
    description: alert ? alertDescription(alert) : "Check a timeshare company, phone number or website against the scam alerts published from owners' reports.",
    path: alertPath(slug),
    image: SCAM_ALERT_SHARE_IMAGE,
    imageAlt: alert ? `Scam alert: ${alert.title}` : "Scam alerts from timeshare owners' reports",
    index: alert !== undefined,
    type: "article",
  };
}

/** `html` with `data` as the alert's JSON data block before </body> ("<" escaped: the text can never close the element). */
export function withAlertData(html: string, data: PublicAlert): string {
  const json = JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
  if (!html.includes("</body>")) throw new Error("The page has no </body>");
  return html.replace("</body>", () => `<script type="application/json" id="${ALERT_DATA_ID}">${json}</script>\n  </body>`);
}

/** The words of an identifier's type on the page ("Website"). */
export const identifierLabel = (type: keyof typeof ALERT_IDENTIFIER_LABELS) => ALERT_IDENTIFIER_LABELS[type];

/** The sitemap of the published alerts' pages (robots.txt names it). */
export function alertSitemap(siteUrl: string, alerts: readonly Pick<PublicAlert, "slug" | "updatedAt">[]): string {
  const origin = new URL(siteUrl).origin;
  const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const urls = alerts.map((a) => `  <url><loc>${escape(`${origin}${alertPath(a.slug)}`)}</loc><lastmod>${escape(a.updatedAt.slice(0, 10))}</lastmod></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** Where the alerts' sitemap is served (a page route of the route table; robots.txt names it). */
export const ALERT_SITEMAP_PATH = "/sitemaps/scam-alerts.xml";
