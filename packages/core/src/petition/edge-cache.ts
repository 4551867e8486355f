/**
 * How a petition's public reads are served at the edge (docs/architecture.md "Capacity", "Reads at
 * the edge"): the API's Cache-Control, CloudFront's cache behaviours (stacks/Web.ts) and the pages'
 * polling (web/src/hooks) all read these numbers. Pure: the browser imports it.
 */

/**
 * `GET /api/petitions/{id}` and `GET /api/signatures/count`: CloudFront keeps a copy 10 s (s-maxage),
 * serves it up to 30 s more while it fetches a fresh one (stale-while-revalidate), and a day more if
 * the API fails (stale-if-error); browsers keep theirs 5 s. A signer's own count never waits for
 * them: the signing answer carries it, and the pages never show a lower one (web/src/lib/countFloor.ts).
 */
export const PETITION_EDGE_CACHE = {
  maxAge: 5,
  sMaxAge: 10,
  staleWhileRevalidate: 30,
  staleIfError: 86_400,
} as const;

export const petitionCacheControl = (c = PETITION_EDGE_CACHE) =>
  `public, max-age=${c.maxAge}, s-maxage=${c.sMaxAge}, stale-while-revalidate=${c.staleWhileRevalidate}, stale-if-error=${c.staleIfError}`;

/**
 * The pages' polling of a petition and its count: every 10 s while the count moves, backing off
 * ×1.5 to once a minute while it does not, and not at all while the tab is hidden (SWR's
 * `refreshWhenHidden: false`; one refresh when it shows again).
 */
export const PETITION_POLL = { initialMs: 10_000, maxMs: 60_000, factor: 1.5 } as const;

/** The next interval: back to the first when the count changed, else longer, up to the cap. */
export function nextPollInterval(currentMs: number, changed: boolean, poll = PETITION_POLL): number {
  if (changed) return poll.initialMs;
  return Math.min(poll.maxMs, Math.round(currentMs * poll.factor));
}

/**
 * CloudFront's regional edge caches (the tier between the edge locations and the origin). With Origin
 * Shield on (stacks/Web.ts), every one of them goes through one shield, so one cache asks the origin.
 */
export const REGIONAL_EDGE_CACHES = 13;

export interface ReadLoad {
  openPages: number;
  /** distinct cached objects every open page polls: the petition's JSON and the count's */
  objects?: number;
  /** caches that each ask the origin once per s-maxage: 1 with Origin Shield */
  originCaches?: number;
  cache?: { sMaxAge: number };
  poll?: { initialMs: number };
}

/**
 * Origin requests per second for `openPages` pages polling a petition. Each page asks for each object
 * once per poll interval (at the fastest, the first interval: the worst case); CloudFront answers
 * from its copy and each cache that asks the origin does so at most once per s-maxage per object
 * (stale-while-revalidate refreshes in the background, still once). So the origin sees the smaller
 * of what the pages ask and `objects × originCaches / s-maxage`:
 *   100,000 pages × 2 objects / 10 s = 20,000 requests/s at the edge;
 *   2 objects × 1 shield / 10 s = 0.2 requests/s at the origin (2.6/s without Origin Shield).
 */
export function originRequestsPerSecond({ openPages, objects = 2, originCaches = 1, cache = PETITION_EDGE_CACHE, poll = PETITION_POLL }: ReadLoad): number {
  const asked = (openPages * objects) / (poll.initialMs / 1000);
  const fromCaches = (objects * originCaches) / cache.sMaxAge;
  return Math.min(asked, fromCaches);
}

/** What pages would cost without the edge: every poll reaches the origin. */
export const uncachedRequestsPerSecond = ({ openPages, objects = 2, poll = PETITION_POLL }: ReadLoad) => (openPages * objects) / (poll.initialMs / 1000);

/** How a shared cache (CloudFront) answers a request for a copy `ageSeconds` old, stored with `cacheControl`. */
export type EdgeAnswer = "fresh" | "stale, revalidating" | "from the origin";

/**
 * CloudFront's rule for a copy of the given age: within `s-maxage` (else `max-age`) it is served as
 * is; within `stale-while-revalidate` more it is served while one fetch refreshes it in the background;
 * older (or not cacheable: `no-store`, `private`, no max-age) the request waits for the origin. Pure.
 */
export function edgeAnswer(ageSeconds: number, cacheControl: string): EdgeAnswer {
  const directives = new Map<string, string | undefined>(
    cacheControl
      .toLowerCase()
      .split(",")
      .map((d) => {
        const [name, value] = d.trim().split("=");
        return [name, value];
      }),
  );
  if (directives.has("no-store") || directives.has("private") || directives.has("no-cache")) return "from the origin";
  const seconds = (name: string) => (directives.get(name) !== undefined ? Number(directives.get(name)) : undefined);
  const ttl = seconds("s-maxage") ?? seconds("max-age");
  if (ttl === undefined || !Number.isFinite(ttl)) return "from the origin";
  if (ageSeconds < ttl) return "fresh";
  if (ageSeconds < ttl + (seconds("stale-while-revalidate") ?? 0)) return "stale, revalidating";
  return "from the origin";
}
