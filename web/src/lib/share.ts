import { SHARE_DESCRIPTION, SHARE_TEXT, signPath } from "../site";

export type ShareNetwork = "facebook" | "twitter" | "linkedin";

/** The public sign URL of a petition on this site. */
export function signUrl(origin: string, id: string): string {
  return `${origin.replace(/\/$/, "")}${signPath(id)}`;
}

/** The share dialog URL of each network for a given page URL. */
export function shareUrl(network: ShareNetwork, url: string, text = SHARE_TEXT, description = SHARE_DESCRIPTION) {
  const u = encodeURIComponent(url);
  switch (network) {
    case "facebook":
      return `https://www.facebook.com/sharer/sharer.php?u=${u}`;
    case "twitter":
      return `https://twitter.com/intent/tweet?url=${u}&text=${encodeURIComponent(text)}`;
    case "linkedin":
      return `https://www.linkedin.com/shareArticle?mini=true&url=${u}&title=${encodeURIComponent(text)}&summary=${encodeURIComponent(description)}`;
  }
}
