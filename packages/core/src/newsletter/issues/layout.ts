import { escapeHtml } from "../../util/html";
import { SITE_NAME } from "../../util/site-name";

/**
 * The site's e-mail layout: a header band with the foundation's name in the brand teal, then the
 * issue on white. Inline styles only (mail clients drop <style> and classes). A fragment, not a
 * document: `newsletterMessage` appends the unsubscribe footer after it.
 */

export const EMAIL_COLORS = {
  /** brand teal, shade 8: white text on it reaches AA contrast */
  brand: "#017f6a",
  /** ink, shade 9: headings */
  heading: "#0f2a3d",
  text: "#1d3a52",
  muted: "#5c636a",
  rule: "#dbe4ec",
  codeBackground: "#eef3f7",
} as const;

export const EMAIL_FONT = 'Arial, "Helvetica Neue", Helvetica, sans-serif';

/** Inline style of each element the Markdown renderer produces. */
export const ELEMENT_STYLES: Record<string, string> = {
  h1: `margin:0 0 16px;font-size:26px;line-height:1.25;color:${EMAIL_COLORS.heading}`,
  h2: `margin:24px 0 12px;font-size:21px;line-height:1.3;color:${EMAIL_COLORS.heading}`,
  h3: `margin:20px 0 10px;font-size:18px;line-height:1.3;color:${EMAIL_COLORS.heading}`,
  h4: `margin:16px 0 8px;font-size:16px;color:${EMAIL_COLORS.heading}`,
  h5: `margin:16px 0 8px;font-size:15px;color:${EMAIL_COLORS.heading}`,
  h6: `margin:16px 0 8px;font-size:14px;color:${EMAIL_COLORS.heading}`,
  p: "margin:0 0 16px",
  ul: "margin:0 0 16px;padding-left:24px",
  ol: "margin:0 0 16px;padding-left:24px",
  li: "margin:0 0 6px",
  a: `color:${EMAIL_COLORS.brand};text-decoration:underline`,
  blockquote: `margin:0 0 16px;padding:4px 0 4px 16px;border-left:4px solid ${EMAIL_COLORS.brand};color:${EMAIL_COLORS.muted}`,
  code: `font-family:Menlo,Consolas,monospace;font-size:14px;background:${EMAIL_COLORS.codeBackground};padding:1px 4px`,
  pre: `margin:0 0 16px;padding:12px;background:${EMAIL_COLORS.codeBackground};overflow:auto;white-space:pre-wrap`,
  hr: `border:0;border-top:1px solid ${EMAIL_COLORS.rule};margin:24px 0`,
  img: "max-width:100%;height:auto",
  table: "border-collapse:collapse;margin:0 0 16px",
  th: `border:1px solid ${EMAIL_COLORS.rule};padding:6px 10px;text-align:left`,
  td: `border:1px solid ${EMAIL_COLORS.rule};padding:6px 10px`,
};

/** `content` (HTML the renderer made safe) inside the layout. */
export function emailLayout(content: string): string {
  return [
    `<div style="margin:0 auto;max-width:600px;font-family:${escapeHtml(EMAIL_FONT)};font-size:16px;line-height:1.6;color:${EMAIL_COLORS.text}">`,
    `<div style="background:${EMAIL_COLORS.brand};color:#ffffff;padding:18px 24px;font-size:20px;font-weight:bold">${escapeHtml(SITE_NAME)}</div>`,
    `<div style="padding:24px;background:#ffffff">`,
    content,
    "</div>",
    "</div>",
  ].join("\n");
}
