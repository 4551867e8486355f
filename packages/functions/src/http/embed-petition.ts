import { ID_PATTERN } from "@site/core/petition/input";
import { EMBED_HTML } from "@site/core/site/embed-widget";
import { publicRoute } from "../lib/http";

/**
 * The embeddable widget's page (site/embed-widget.ts): the same static HTML for every petition, which
 * reads its petition from the path and fetches the public count. The edge keeps it five minutes;
 * an id no petition can have is a 404 at once (the page then says the petition is not available).
 */
export const handler = publicRoute(async (req) => ({
  statusCode: ID_PATTERN.test(req.param("id")) ? 200 : 404,
  headers: { "content-type": "text/html; charset=utf-8", "cache-control": "public, max-age=300, s-maxage=300" },
  body: EMBED_HTML,
}));
