import { settings } from "@site/core/config";
import { Petition } from "@site/core/petition";
import { petitionCacheControl } from "@site/core/petition/edge-cache";
import { ok, publicRoute } from "../lib/http";

/** The default petition's count, cached at the edge like the petition (petition/edge-cache.ts); the landing page polls it. */
export const handler = publicRoute(async () =>
  ok({ count: await Petition.count(settings().DEFAULT_PETITION_ID) }, { "cache-control": petitionCacheControl() }),
);
