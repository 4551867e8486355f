import { Petition } from "@site/core/petition";
import { petitionCacheControl } from "@site/core/petition/edge-cache";
import { ok, publicRoute } from "../lib/http";

/** One petition with its count, cached at the edge (petition/edge-cache.ts). */
export const handler = publicRoute(async (req) => ok(await Petition.fromID(req.param("id")), { "cache-control": petitionCacheControl() }));
