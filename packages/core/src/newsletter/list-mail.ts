import { settings } from "../config";
import { escapeHtml, type Message } from "../mail";

/**
 * What makes an e-mail a newsletter e-mail: an unsubscribe link in its body, and the
 * `List-Unsubscribe` / `List-Unsubscribe-Post` header pair (RFC 8058) whose URL a mail provider
 * POSTs `List-Unsubscribe=One-Click` to. Both carry the subscriber's unsubscribe token, which works
 * without signing in for as long as the subscriber exists.
 */

const siteUrl = () => settings().SITE_URL.replace(/\/$/, "");

/** The page a reader opens from the link in the e-mail: it unsubscribes and offers to re-subscribe. */
export const unsubscribePageUrl = (token: string) => `${siteUrl()}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;

/** The one-click endpoint (RFC 8058): mail providers POST `List-Unsubscribe=One-Click` to it. */
export const oneClickUrl = (token: string) => `${siteUrl()}/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;

export const ONE_CLICK_BODY = "List-Unsubscribe=One-Click";

export function unsubscribeHeaders(token: string): Record<string, string> {
  return { "List-Unsubscribe": `<${oneClickUrl(token)}>`, "List-Unsubscribe-Post": ONE_CLICK_BODY };
}

export interface Recipient {
  email: string;
  unsubscribeToken: string;
}

/** A newsletter e-mail to one subscriber: `content` with the unsubscribe footer and headers added. */
export function newsletterMessage(to: Recipient, content: Pick<Message, "subject" | "text" | "html">): Message {
  const link = unsubscribePageUrl(to.unsubscribeToken);
  const why = `You receive this e-mail because ${to.email} subscribed to our newsletter.`;
  return {
    to: [to.email],
    subject: content.subject,
    text: `${content.text}\n\n--\n${why}\nUnsubscribe: ${link}\n`,
    html: `${content.html}\n<hr>\n<p style="font-size:12px;color:#555">${escapeHtml(why)} <a href="${escapeHtml(link)}">Unsubscribe</a></p>`,
    headers: unsubscribeHeaders(to.unsubscribeToken),
  };
}
