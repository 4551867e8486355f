import { settings } from "@site/core/config";
import { Petition } from "@site/core/petition";
import { ok, publicRoute } from "../lib/http";

/** The default petition's count, cacheable for 10 s (the landing page polls it). */
export const handler = publicRoute(async () =>
  ok({ count: await Petition.count(settings().DEFAULT_PETITION_ID) }, { "cache-control": "public, max-age=10" }),
);
