import { PetitionNotFound } from "@site/core/petition";
import { PublicCount, publicCountCacheControl, publicCountNotFoundCacheControl } from "@site/core/signature/public-count";
import { error, ok, publicRoute } from "../lib/http";

/** Anyone may read it, from any site (docs/public-api.md); no cookie is read or set. */
const CORS = { "access-control-allow-origin": "*" };

/** A petition's public count, by state and by country, cached at the edge for a minute. */
export const handler = publicRoute(async (req) => {
  try {
    return ok(await PublicCount.of(req.param("id")), { "cache-control": publicCountCacheControl(), ...CORS });
  } catch (err) {
    if (!(err instanceof PetitionNotFound)) throw err;
    const notFound = error(404, err.message);
    return { ...notFound, headers: { ...notFound.headers, "cache-control": publicCountNotFoundCacheControl(), ...CORS } };
  }
});
