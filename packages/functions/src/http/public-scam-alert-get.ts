import { Alerts } from "@site/core/alerts";
import { error, ok, publicRoute } from "../lib/http";

/** Anyone may read it, from any site (docs/public-api.md); no cookie is read or set. */
const CORS = { "access-control-allow-origin": "*" };

/** `GET /api/public/scam-alerts/{slug}`: one published alert, cached at the edge a minute (an unknown one ten seconds). */
export const handler = publicRoute(async (req) => {
  try {
    return ok(await Alerts.publishedBySlug(req.param("slug")), { "cache-control": Alerts.alertCacheControl(), ...CORS });
  } catch (err) {
    if (!(err instanceof Alerts.AlertNotFound)) throw err;
    const notFound = error(404, err.message);
    return { ...notFound, headers: { ...notFound.headers, "cache-control": Alerts.alertNotFoundCacheControl(), ...CORS } };
  }
});
