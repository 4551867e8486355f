import Bowser from "bowser";
import { ClientDetails } from "./client-details";
import type { RequestMetadata } from "./metadata";

export { ClientDetails };

export interface MetaDetails {
  browser: string;
  deviceType: "Mobile" | "Tablet" | "Desktop";
  screenResolution: string;
  userAgent: string;
  timezone: string;
  language: string;
  ipAddress: string;
  city: string;
  region: string;
  country: string;
  /**
   * The viewer's ISO codes when CloudFront gave them (`US`, `CA`): `country` and `region` hold names
   * where CloudFront has them. Counts by place (signature/geo-counts.ts) read these.
   */
  countryCode?: string;
  regionCode?: string;
  latitude: string;
  longitude: string;
}

const UNKNOWN = "Unknown";

/** The spec's rule, checked in this order: 'mobile' → Mobile; 'tablet' or 'ipad' → Tablet; else Desktop. */
export function deviceType(userAgent: string): MetaDetails["deviceType"] {
  const ua = userAgent.toLowerCase();
  if (ua.includes("mobile")) return "Mobile";
  if (ua.includes("tablet") || ua.includes("ipad")) return "Tablet";
  return "Desktop";
}

/** Visitors share a handful of user agents; parsing each once keeps the signing path cheap. */
const browserNames = new Map<string, string>();
const MAX_CACHED_AGENTS = 1000;

export function browserName(userAgent: string): string {
  if (!userAgent) return UNKNOWN;
  let name = browserNames.get(userAgent);
  if (name === undefined) {
    const browser = Bowser.getParser(userAgent).getBrowser();
    const major = browser.version?.split(".")[0];
    name = !browser.name ? UNKNOWN : major ? `${browser.name} ${major}` : browser.name;
    if (browserNames.size >= MAX_CACHED_AGENTS) browserNames.clear();
    browserNames.set(userAgent, name);
  }
  return name;
}

export function metaDetails(request: RequestMetadata, client: ClientDetails = {}): MetaDetails {
  const or = (v: string | undefined) => (v && v.trim() ? v : UNKNOWN);
  return {
    browser: browserName(request.userAgent),
    deviceType: deviceType(request.userAgent),
    screenResolution: or(client.screenResolution),
    userAgent: or(request.userAgent.slice(0, 512)),
    timezone: or(client.timezone),
    language: or(client.language),
    ipAddress: or(request.ipAddress),
    city: or(request.city),
    region: or(request.region),
    country: or(request.country),
    ...(request.countryCode ? { countryCode: request.countryCode.slice(0, 8) } : {}),
    ...(request.regionCode ? { regionCode: request.regionCode.slice(0, 8) } : {}),
    latitude: or(request.latitude),
    longitude: or(request.longitude),
  };
}
