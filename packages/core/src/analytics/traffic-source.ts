/**
 * Where a visit came from: the referring site's host, and the campaign tags of the landing URL.
 * Values are cut to MAX_VALUE_LENGTH so every counter's key stays small.
 */

export const MAX_VALUE_LENGTH = 100;

export const clip = (value: string) => value.trim().slice(0, MAX_VALUE_LENGTH);

/**
 * document.referrer → its host, lower-case, without "www."; nothing for an empty or unparsable
 * referrer or for the site's own host (navigation inside the site is no source).
 */
export function referrerHost(referrer: string | undefined, siteHost: string): string | undefined {
  if (!referrer) return undefined;
  let host: string;
  try {
    host = new URL(referrer).hostname.toLowerCase();
  } catch {
    return undefined;
  }
  host = host.replace(/^www\./, "").replace(/\.$/, "");
  if (!host || host === siteHost.toLowerCase().replace(/^www\./, "")) return undefined;
  return clip(host);
}

export interface Utm {
  source?: string;
  medium?: string;
  campaign?: string;
}

/** utm_source, utm_medium and utm_campaign of the page's query (the first of each; blank ones left out). */
export function utmOf(pathAndQuery: string): Utm {
  const query = pathAndQuery.split("#")[0].split("?").slice(1).join("?");
  if (!query) return {};
  const params = new URLSearchParams(query);
  const value = (name: string) => {
    const v = clip(params.get(name) ?? "");
    return v || undefined;
  };
  return { source: value("utm_source"), medium: value("utm_medium"), campaign: value("utm_campaign") };
}
