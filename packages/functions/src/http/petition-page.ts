/**
 * GET /sign/{id}, /share/{id} and /thank-you/{id}: the page of that petition, ready to read. The build
 * prerenders each of the three pages for a placeholder petition (/_templates/*.html); this fills in
 * the real one (packages/core/src/site/petition-template.ts), sets the petition's title, story and
 * share image in the <head> (so a shared link unfurls on social networks, whose crawlers run no
 * JavaScript, for petitions created after the build too) and adds the petition as a JSON data block,
 * from which the app hydrates the page without fetching it first. CloudFront sends these paths here
 * (stacks/Web.ts); locally the local server does.
 */
import { settings } from "@site/core/config";
import { log, errorAttributes } from "@site/core/log";
import { Petition } from "@site/core/petition";
import { petitionHead, withHead, withPetitionData } from "@site/core/site/page-head";
import { fillPetitionTemplate, templateOf, templatePath } from "@site/core/site/petition-template";
import { NotFoundError } from "@site/core/util/error";
import { publicRoute } from "../lib/http";

/** Crawlers and CloudFront may keep the page this long: a renamed petition shows within a minute. */
export const PAGE_MAX_AGE_SECONDS = 60;
const FILE_TTL_MS = 60_000;
const FILE_TIMEOUT_MS = 3_000;

const files = new Map<string, { html: string; fetchedAt: number }>();

/** A file of the built site (a template, or the SPA shell), kept a minute per process. */
async function siteFile(origin: string, path: string): Promise<string> {
  const url = `${origin}${path}`;
  const hit = files.get(url);
  if (hit && Date.now() - hit.fetchedAt < FILE_TTL_MS) return hit.html;
  const res = await fetch(url, { signal: AbortSignal.timeout(FILE_TIMEOUT_MS) });
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
  const html = await res.text();
  files.set(url, { html, fetchedAt: Date.now() });
  return html;
}

async function petitionOrUndefined(id: string) {
  try {
    Petition.assertPossibleId(id);
    return await Petition.fromID(id);
  } catch (err) {
    if (err instanceof NotFoundError) return undefined;
    throw err;
  }
}

/** A thank-you page is for the signer who just signed: shared like the petition, never indexed. */
const head = (path: string, id: string, petition: { title: string; story: string }) => {
  const tags = petitionHead(id, petition);
  return path.startsWith("/thank-you/") ? { ...tags, index: false } : tags;
};

export const handler = publicRoute(async (req) => {
  const id = req.param("id");
  const path = req.event.rawPath;
  const origin = new URL(settings().SITE_URL).origin;
  const template = templateOf(path);
  if (!template) throw new Error(`No petition page template for ${path}`);
  const petition = await petitionOrUndefined(id).catch((err) => {
    log.error("petition page", { id, ...errorAttributes(err) });
    throw err;
  });
  const headers = { "content-type": "text/html; charset=utf-8", "cache-control": `public, max-age=${PAGE_MAX_AGE_SECONDS}` };
  if (!petition) {
    // A 404 for crawlers; the app renders its "petition unavailable" page from the shell.
    return { statusCode: 404, headers, body: withHead(await siteFile(origin, "/spa.html"), petitionHead(id), origin) };
  }
  const page = fillPetitionTemplate(await siteFile(origin, templatePath(template)), petition);
  return { statusCode: 200, headers, body: withPetitionData(withHead(page, head(path, id, petition), origin), petition) };
});
