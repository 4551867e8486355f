import type { RequestMetadata } from "../request/metadata";
import type { AnalyticsEvent, EventName } from "./input";
import { MAX_PATH_LENGTH } from "./input";
import { locationLabel } from "./location";
import { pathOnly, routeOf } from "./site-routes";
import { referrerHost, utmOf } from "./traffic-source";
import { truncateIp } from "./truncate-ip";
import { browserFamily, deviceType, osName } from "./user-agent";

/**
 * What the server makes of a hit: everything analytics stores about it, derived from the beacon's
 * body and the request (CloudFront's viewer headers, the user agent). Nothing here identifies a
 * person: the IP is truncated, the path is kept without its query (which may carry a link's token),
 * the referrer is only a host.
 */
export interface DerivedHit {
  kind: "pageview" | "event";
  name?: EventName;
  /** The page's path, without query or fragment. */
  path: string;
  /** Its route pattern ("/sign/:id"), or "other". */
  route: string;
  device: string;
  browser: string;
  os: string;
  city?: string;
  region?: string;
  country?: string;
  location: string;
  ip: string;
  referrer?: string;
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
}

export function deriveHit(hit: AnalyticsEvent, meta: RequestMetadata, siteHost: string): DerivedHit {
  const utm = utmOf(hit.p);
  const place = { city: meta.city, region: meta.region, country: meta.country };
  return {
    kind: hit.t,
    name: hit.t === "event" ? hit.n : undefined,
    path: pathOnly(hit.p).slice(0, MAX_PATH_LENGTH),
    route: routeOf(hit.p),
    device: deviceType(meta.userAgent),
    browser: browserFamily(meta.userAgent),
    os: osName(meta.userAgent),
    ...place,
    location: locationLabel(place),
    ip: truncateIp(meta.ipAddress),
    referrer: referrerHost(hit.r, siteHost),
    utmSource: utm.source,
    utmMedium: utm.medium,
    utmCampaign: utm.campaign,
  };
}

/** The host whose referrers are the site's own navigation. */
export const hostOf = (siteUrl: string) => {
  try {
    return new URL(siteUrl).hostname;
  } catch {
    return "";
  }
};
