/**
 * What the server knows about a request, independent of the runtime. The HTTP layer fills it from
 * the API Gateway event: the IP from CloudFront's viewer address (or the socket), the location from
 * CloudFront's viewer geolocation headers when present.
 */
export interface RequestMetadata {
  ipAddress: string;
  userAgent: string;
  city?: string;
  region?: string;
  country?: string;
  latitude?: string;
  longitude?: string;
}

type Headers = Record<string, string | undefined>;

const decode = (value: string | undefined) => {
  if (!value) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/** "203.0.113.9:46532" or "[2001:db8::1]:46532" → the address without the port. */
export function stripPort(address: string): string {
  const v6 = address.match(/^\[([^\]]+)\](?::\d+)?$/);
  if (v6) return v6[1];
  const parts = address.split(":");
  return parts.length === 2 ? parts[0] : address;
}

export function fromHeaders(headers: Headers, sourceIp: string): RequestMetadata {
  const h = (name: string) => headers[name.toLowerCase()];
  const viewer = h("cloudfront-viewer-address");
  return {
    ipAddress: viewer ? stripPort(viewer) : sourceIp,
    userAgent: h("user-agent") ?? "",
    city: decode(h("cloudfront-viewer-city")),
    region: decode(h("cloudfront-viewer-country-region-name") ?? h("cloudfront-viewer-country-region")),
    country: decode(h("cloudfront-viewer-country-name") ?? h("cloudfront-viewer-country")),
    latitude: h("cloudfront-viewer-latitude"),
    longitude: h("cloudfront-viewer-longitude"),
  };
}
