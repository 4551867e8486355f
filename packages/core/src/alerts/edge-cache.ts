/**
 * How long the edge and browsers keep the public alert answers (`GET /api/public/scam-alerts…`): as
 * a petition's public count (signature/public-count-info.ts), a minute, one copy for every viewer
 * (stacks/Web.ts: the lookup's copy is per `q` and `cursor`). Pure.
 */
export const ALERT_EDGE_CACHE = { maxAge: 60, sMaxAge: 60 } as const;
export const alertCacheControl = () => `public, max-age=${ALERT_EDGE_CACHE.maxAge}, s-maxage=${ALERT_EDGE_CACHE.sMaxAge}`;

/** An unknown alert's answer is kept briefly, so an alert published a moment later shows soon. */
export const ALERT_NOT_FOUND_CACHE = { maxAge: 10, sMaxAge: 10 } as const;
export const alertNotFoundCacheControl = () => `public, max-age=${ALERT_NOT_FOUND_CACHE.maxAge}, s-maxage=${ALERT_NOT_FOUND_CACHE.sMaxAge}`;

/** The lookup's path and the query parameters its edge copy is keyed by (stacks/Web.ts). */
export const ALERT_LOOKUP_PATH = "/api/public/scam-alerts";
export const ALERT_LOOKUP_CACHE_KEYS = ["q", "cursor"] as const;
