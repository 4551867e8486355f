import { EMBED_FRAME, embedPath } from "@site/core/signature/public-count-info";
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

const escapeAttribute = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The `<iframe>` another site pastes to show a petition's live count and sign button (docs/public-api.md). */
export function embedCode(origin: string, id: string, title: string): string {
  const src = `${origin.replace(/\/$/, "")}${embedPath(id)}`;
  return `<iframe src="${escapeAttribute(src)}" title="${escapeAttribute(`Petition: ${title}`)}" width="${EMBED_FRAME.width}" height="${EMBED_FRAME.height}" style="border:0;max-width:100%" loading="lazy"></iframe>`;
}
