import { clip } from "./traffic-source";

export const UNKNOWN_LOCATION = "Unknown";

export interface Place {
  city?: string;
  region?: string;
  country?: string;
}

/** "City, Region, Country", or as much of it as CloudFront told us; "Unknown" when it told us nothing. */
export function locationLabel(place: Place): string {
  const parts = [place.city, place.region, place.country].map((p) => p?.trim()).filter(Boolean);
  return parts.length ? clip(parts.join(", ")) : UNKNOWN_LOCATION;
}
