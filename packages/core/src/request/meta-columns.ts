import type { MetaDetails } from "./meta-details";

/**
 * A request's details as a list row carries them, flat: every one but the user agent and the
 * coordinates (the signatures' and the free-guide requests' admin rows, their CSV and tabs). Pure.
 */
export interface MetaColumns {
  browser: string;
  deviceType: string;
  screenResolution: string;
  timezone: string;
  language: string;
  city: string;
  region: string;
  country: string;
  ipAddress: string;
}

export function metaColumnsOf(meta: MetaDetails): MetaColumns {
  const { browser, deviceType, screenResolution, timezone, language, city, region, country, ipAddress } = meta;
  return { browser, deviceType, screenResolution, timezone, language, city, region, country, ipAddress };
}
