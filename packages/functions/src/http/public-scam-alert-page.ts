/**
 * GET /scam-alerts/{slug}: the page of a published alert. Alerts are data made after the build, so
 * none is prerendered: this serves the site's shell (spa.html) with the alert's title, description,
 * canonical URL and share card in its <head> (a shared link unfurls on networks whose crawlers run no
 * JavaScript) and the alert as a JSON data block, from which the app renders the page without
 * fetching it first. CloudFront sends these paths here (stacks/Web.ts), as it sends a petition's
 * pages to petition-page.ts; locally the local server does.
 */
import { Alerts } from "@site/core/alerts";
import { settings } from "@site/core/config";
import { withoutCaptchaMeta } from "@site/core/request/security-headers";
import { withHead } from "@site/core/site/page-head";
import { publicRoute } from "../lib/http";

/** Crawlers and CloudFront may keep the page this long: a changed alert shows within a minute. */
export const PAGE_MAX_AGE_SECONDS = 60;
const FILE_TTL_MS = 60_000;
const FILE_TIMEOUT_MS = 3_000;

let shell: { html: string; fetchedAt: number; url: string } | undefined;

/** The built site's shell, kept a minute per process. */
async function spaShell(origin: string): Promise<string> {
  const url = `${origin}/spa.html`;
  if (shell?.url === url && Date.now() - shell.fetchedAt < FILE_TTL_MS) return shell.html;
  const res = await fetch(url, { signal: AbortSignal.timeout(FILE_TIMEOUT_MS) });
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
  shell = { html: await res.text(), fetchedAt: Date.now(), url };
  return shell.html;
}

async function publishedOrUndefined(slug: string) {
  try {
    return await Alerts.publishedBySlug(slug);
  } catch (err) {
    if (err instanceof Alerts.AlertNotFound) return undefined;
    throw err;
  }
}

export const handler = publicRoute(async (req) => {
  const slug = req.param("slug");
  const origin = new URL(settings().SITE_URL).origin;
  const [alert, shellHtml] = await Promise.all([publishedOrUndefined(slug), spaShell(origin)]);
  // the shell carries the stricter policy of pages without reCAPTCHA; an alert's page runs it (its correction form)
  const html = shellHtml.replace(withoutCaptchaMeta(), "");
  const headers = { "content-type": "text/html; charset=utf-8", "cache-control": `public, max-age=${PAGE_MAX_AGE_SECONDS}` };
  // A 404 for crawlers; the app renders its "alert not found" from the shell.
  if (!alert) return { statusCode: 404, headers, body: withHead(html, Alerts.alertHead(slug), origin) };
  return { statusCode: 200, headers, body: Alerts.withAlertData(withHead(html, Alerts.alertHead(slug, alert), origin), alert) };
});
