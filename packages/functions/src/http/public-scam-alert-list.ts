import { Alerts } from "@site/core/alerts";
import { ok, publicRoute } from "../lib/http";

/** Anyone may read it, from any site (docs/public-api.md); no cookie is read or set. */
const CORS = { "access-control-allow-origin": "*" };

/**
 * `GET /api/public/scam-alerts?q=…`: the published alerts a company, phone number or website names,
 * in any spelling (`{alerts}`); without `q`, the published list, newest first (`{alerts, next}`,
 * `?cursor=` for the next page). Cached at the edge a minute per `q` and `cursor` (stacks/Web.ts).
 */
export const handler = publicRoute(async (req) => {
  const { q, cursor } = req.query(Alerts.LookupQuery);
  const body = q !== undefined ? await Alerts.lookup(q) : await Alerts.listPublished(cursor);
  return ok(body, { "cache-control": Alerts.alertCacheControl(), ...CORS });
});
