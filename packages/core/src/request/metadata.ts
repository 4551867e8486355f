import { createHash, timingSafeEqual } from "node:crypto";
import { isIP } from "node:net";

export { ipv6Groups, rateLimitNetwork, rateLimitSubject } from "../util/client-address";

/**
 * What the server knows about a request, independent of the runtime. The HTTP layer fills it from
 * the API Gateway event: the IP from CloudFront's viewer address (or the socket), the location from
 * CloudFront's viewer geolocation headers — both only when the request proves it came through our
 * CloudFront distribution (or the local server playing it) with the origin secret.
 */
export interface RequestMetadata {
  ipAddress: string;
  userAgent: string;
  city?: string;
  region?: string;
  country?: string;
  /** ISO 3166-1 alpha-2 (CloudFront-Viewer-Country), beside `country`, which prefers the country's name. */
  countryCode?: string;
  /** The first-level ISO 3166-2 subdivision without its country (CloudFront-Viewer-Country-Region: `CA`). */
  regionCode?: string;
  latitude?: string;
  longitude?: string;
}

/**
 * The header CloudFront adds to every `/api/*` origin request (stacks/Web.ts), holding the stage's
 * origin secret. Anyone can reach the API at its execute-api URL; only CloudFront knows this value.
 */
export const ORIGIN_SECRET_HEADER = "x-origin-verify";

/** Headers CloudFront sets about the viewer; trusted only next to the origin secret. */
export const VIEWER_HEADER_PREFIX = "cloudfront-viewer-";

type Headers = Record<string, string | undefined>;

const decode = (value: string | undefined) => {
  if (!value) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Constant-time check of the origin-secret header; an unset secret trusts nothing. */
export function fromOrigin(headers: Headers, originSecret: string | undefined): boolean {
  const presented = headers[ORIGIN_SECRET_HEADER];
  if (!originSecret || !presented) return false;
  // Hashing first gives equal lengths, so neither value's length leaks through the comparison.
  return timingSafeEqual(digest(presented), digest(originSecret));
}

/**
 * CloudFront-Viewer-Address → the address without the port: "203.0.113.9:46532" → "203.0.113.9",
 * "2001:db8::1:46532" → "2001:db8::1" (CloudFront writes IPv6 without brackets; the part after the
 * last colon is the port). Bracketed "[2001:db8::1]:46532" is accepted too. Anything that does not
 * leave a valid IP address gives undefined.
 */
export function viewerAddress(value: string): string | undefined {
  const bracketed = value.match(/^\[([^\]]+)\]:\d+$/);
  const address = bracketed ? bracketed[1] : value.match(/^(.+):\d+$/)?.[1];
  return address && isIP(address) ? address : undefined;
}

/** The viewer's country and subdivision codes, only those present (the counts by place read them). */
const codes = (countryCode: string | undefined, regionCode: string | undefined) => ({
  ...(countryCode ? { countryCode } : {}),
  ...(regionCode ? { regionCode } : {}),
});

/**
 * The request's metadata. `sourceIp` is the connection's address (API Gateway's `sourceIp`, the
 * local server's socket). CloudFront's viewer headers replace it, and give a location, only when
 * the origin-secret header matches `originSecret`.
 */
export function fromHeaders(headers: Headers, sourceIp: string, originSecret?: string): RequestMetadata {
  const h = (name: string) => headers[name.toLowerCase()];
  const base = { ipAddress: sourceIp, userAgent: h("user-agent") ?? "" };
  if (!fromOrigin(headers, originSecret)) return base;
  const viewer = h("cloudfront-viewer-address");
  return {
    ipAddress: (viewer && viewerAddress(viewer)) || sourceIp,
    userAgent: base.userAgent,
    city: decode(h("cloudfront-viewer-city")),
    region: decode(h("cloudfront-viewer-country-region-name") ?? h("cloudfront-viewer-country-region")),
    country: decode(h("cloudfront-viewer-country-name") ?? h("cloudfront-viewer-country")),
    ...codes(decode(h("cloudfront-viewer-country")), decode(h("cloudfront-viewer-country-region"))),
    latitude: h("cloudfront-viewer-latitude"),
    longitude: h("cloudfront-viewer-longitude"),
  };
}
