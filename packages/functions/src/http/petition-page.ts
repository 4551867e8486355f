/**
 * GET /sign/{id}, /share/{id} and /thank-you/{id}: the site's HTML shell with that petition's title, story and share
 * image in its <head>, so a shared petition link unfurls on social networks (whose crawlers run no
 * JavaScript) for petitions created after the build too. Browsers get the same page and the app
 * takes over, with the petition's data in the page so it renders without fetching it first. CloudFront sends these paths here (stacks/Web.ts); locally the local server does.
 */
import { settings } from "@site/core/config";
import { log, errorAttributes } from "@site/core/log";
import { Petition } from "@site/core/petition";
import { petitionHead, withHead, withPetitionData } from "@site/core/site/page-head";
import { NotFoundError } from "@site/core/util/error";
import { publicRoute } from "../lib/http";

/** Crawlers and CloudFront may keep the page this long: a renamed petition shows within a minute. */
export const PAGE_MAX_AGE_SECONDS = 60;
const SHELL_TTL_MS = 60_000;
const SHELL_TIMEOUT_MS = 3_000;

let shell: { html: string; fetchedAt: number; origin: string } | undefined;

/** The built site's SPA shell (web/scripts/prerender.mjs writes it to /spa.html), kept a minute per process. */
async function spaShell(origin: string): Promise<string> {
  if (shell && shell.origin === origin && Date.now() - shell.fetchedAt < SHELL_TTL_MS) return shell.html;
  const res = await fetch(`${origin}/spa.html`, { signal: AbortSignal.timeout(SHELL_TIMEOUT_MS) });
  if (!res.ok) throw new Error(`GET ${origin}/spa.html answered ${res.status}`);
  shell = { html: await res.text(), fetchedAt: Date.now(), origin };
  return shell.html;
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
  const origin = new URL(settings().SITE_URL).origin;
  const [html, petition] = await Promise.all([spaShell(origin), petitionOrUndefined(id)]).catch((err) => {
    log.error("petition page", { id, ...errorAttributes(err) });
    throw err;
  });
  return {
    // An unknown petition is a 404 for crawlers; the app shows visitors its "petition unavailable" page.
    statusCode: petition ? 200 : 404,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": `public, max-age=${PAGE_MAX_AGE_SECONDS}`,
    },
    body: petition ? withPetitionData(withHead(html, head(req.event.rawPath, id, petition), origin), petition) : withHead(html, petitionHead(id), origin),
  };
});
