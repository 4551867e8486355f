/**
 * What `GET /api/public/petitions/{id}` answers (docs/public-api.md), and how long the edge and
 * browsers keep it. Pure: the petition page and the embeddable widget read the same figures.
 */
export interface PublicCountInfo {
  id: string;
  title: string;
  /** the petition's page, where people sign */
  url: string;
  goal: number;
  /** every signature the petition counts */
  signatureCount: number;
  /** signatures confirmed by e-mail (every counted signature, while petitions need no confirmation) */
  verifiedCount: number;
  /** signatures waiting for their confirmation (counted apart) */
  pendingCount: number;
  /** US signatures by state code (`CA`); states with none are left out */
  byState: Record<string, number>;
  /** signatures by ISO 3166-1 alpha-2 country code (`US`); countries with none are left out */
  byCountry: Record<string, number>;
  /** when the answer was computed (ISO UTC): the edge serves it for up to a minute */
  updatedAt: string;
}

/** Where a petition's embeddable widget is served (site/embed-widget.ts). */
export const embedPath = (id: string) => `/embed/petition/${encodeURIComponent(id)}`;

/** The widget's frame as the share page's embed code sizes it (it fits the title on two lines). */
export const EMBED_FRAME = { width: 420, height: 200 } as const;

/** The path of a petition's public count. */
export const publicCountPath = (id: string) => `/api/public/petitions/${encodeURIComponent(id)}`;

/**
 * The answer's Cache-Control: CloudFront keeps one copy for every viewer for a minute (s-maxage, the
 * behaviour's maximum TTL is the same minute, stacks/Web.ts), browsers for a minute too.
 */
export const PUBLIC_COUNT_CACHE = { maxAge: 60, sMaxAge: 60 } as const;
export const publicCountCacheControl = () => `public, max-age=${PUBLIC_COUNT_CACHE.maxAge}, s-maxage=${PUBLIC_COUNT_CACHE.sMaxAge}`;

/** An unknown petition's answer is kept briefly, so a petition created a moment later shows soon. */
export const PUBLIC_COUNT_NOT_FOUND_CACHE = { maxAge: 10, sMaxAge: 10 } as const;
export const publicCountNotFoundCacheControl = () => `public, max-age=${PUBLIC_COUNT_NOT_FOUND_CACHE.maxAge}, s-maxage=${PUBLIC_COUNT_NOT_FOUND_CACHE.sMaxAge}`;
