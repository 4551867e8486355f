import { Alerts } from "@site/core/alerts";
import { settings } from "@site/core/config";
import { publicRoute } from "../lib/http";

/** The sitemap of the published alerts' pages (`/sitemaps/scam-alerts.xml`, named by robots.txt), kept an hour by the edge. */
export const SITEMAP_MAX_AGE_SECONDS = 3600;

export const handler = publicRoute(async (req) => {
  if (`/sitemaps/${req.param("name")}` !== Alerts.ALERT_SITEMAP_PATH) {
    return { statusCode: 404, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=60" }, body: "Not found" };
  }
  const alerts = await Alerts.publishedForSitemap();
  return {
    statusCode: 200,
    headers: { "content-type": "application/xml; charset=utf-8", "cache-control": `public, max-age=${SITEMAP_MAX_AGE_SECONDS}` },
    body: Alerts.alertSitemap(settings().SITE_URL, alerts),
  };
});
