/**
 * The scammer's website (spec §5): optional; a missing scheme is taken as https. No imports: the
 * public bundle loads this module.
 */

export const WEBSITE_MAX_LENGTH = 2048;

export const WEBSITE_MESSAGE =
  "Please enter a valid website URL (e.g., https://example.com). The URL must start with http:// or https:// and contain a valid domain name. Leave empty if you don't have a website to report.";

const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * The website as an absolute http(s) URL (normalised by the URL parser, e.g. "https://example.com/"),
 * or null when it is empty or not a website: spaces, a scheme other than http/https, no dot in the
 * host, or a user name or password in it.
 */
export function normaliseWebsite(raw: string): string | null {
  const value = raw.trim();
  if (!value || value.length > WEBSITE_MAX_LENGTH || /\s/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(HAS_SCHEME.test(value) ? value : `https://${value}`);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password) return null;
  const host = url.hostname;
  if (!host.includes(".") || host.startsWith(".") || host.endsWith(".") || host.includes("..")) return null;
  return url.href;
}

/** The message for a website that was typed but is not valid, or undefined. */
export const websiteError = (raw: string) => (raw.trim() && normaliseWebsite(raw) === null ? WEBSITE_MESSAGE : undefined);
