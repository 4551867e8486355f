import MarkdownIt, { type Token } from "markdown-it";
import type { Message } from "../../mail";
import { ELEMENT_STYLES, emailLayout } from "./layout";
import type { IssueContent } from "./input";

/**
 * An issue's Markdown as an e-mail: HTML in the site's layout and a plain-text part. Raw HTML in
 * the source is shown as text, never interpreted; links and images only to http(s) (and mailto:
 * links), anything else stays as the Markdown text it was written as.
 */

const ALLOWED_LINK = /^(https?:\/\/|mailto:)/i;

const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });
markdown.validateLink = (url: string) => ALLOWED_LINK.test(url.trim());

/** Every element gets its inline style (mail clients ignore stylesheets). */
markdown.core.ruler.push("email_inline_styles", (state) => {
  const style = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.nesting >= 0 && ELEMENT_STYLES[token.tag]) token.attrSet("style", ELEMENT_STYLES[token.tag]);
      if (token.children) style(token.children);
    }
  };
  style(state.tokens);
});

export type RenderedIssue = Pick<Message, "subject" | "html" | "text">;

export function renderIssue(content: IssueContent): RenderedIssue {
  const tokens = markdown.parse(content.body, {});
  return {
    subject: content.subject,
    html: emailLayout(markdown.renderer.render(tokens, markdown.options, {}).trim()),
    text: plainText(tokens),
  };
}

/** The plain-text part: the text of each block, links followed by their address, lists with markers. */
function plainText(tokens: Token[]): string {
  /** each block's text, and whether it is part of a list (list lines follow each other without a blank line) */
  const blocks: { text: string; listed: boolean }[] = [];
  const lists: { ordered: boolean; n: number }[] = [];
  let quote = 0;
  /** the current list item's marker for its first block, then blanks of the same width */
  let marker: string | undefined;
  /** the cells of the table row being read */
  let row: string[] | undefined;

  const push = (text: string) => {
    const quoted = "> ".repeat(quote);
    const indent = marker === undefined ? "" : " ".repeat(marker.length);
    blocks.push({ text: `${quoted}${marker ?? ""}${text.replace(/\n/g, `\n${quoted}${indent}`)}`, listed: lists.length > 0 });
    if (marker !== undefined) marker = indent;
  };

  for (const token of tokens) {
    switch (token.type) {
      case "bullet_list_open":
        lists.push({ ordered: false, n: 0 });
        break;
      case "ordered_list_open":
        lists.push({ ordered: true, n: Number(token.attrGet("start") ?? 1) - 1 });
        break;
      case "bullet_list_close":
      case "ordered_list_close":
        lists.pop();
        break;
      case "list_item_open": {
        const list = lists.at(-1)!;
        list.n++;
        marker = `${"   ".repeat(lists.length - 1)}${list.ordered ? `${list.n}.` : "-"} `;
        break;
      }
      case "list_item_close":
        marker = undefined;
        break;
      case "blockquote_open":
        quote++;
        break;
      case "blockquote_close":
        quote--;
        break;
      case "tr_open":
        row = [];
        break;
      case "tr_close":
        push(row!.join(" | "));
        row = undefined;
        break;
      case "inline":
        if (row) row.push(inlineText(token.children ?? []));
        else push(inlineText(token.children ?? []));
        break;
      case "fence":
      case "code_block":
        push(token.content.replace(/\n$/, ""));
        break;
      case "hr":
        push("----");
        break;
    }
  }
  return `${blocks.map((b, i) => (i === 0 ? "" : b.listed && blocks[i - 1].listed ? "\n" : "\n\n") + b.text).join("")}\n`;
}

function inlineText(children: Token[]): string {
  let out = "";
  const links: { href: string; start: number }[] = [];
  for (const child of children) {
    switch (child.type) {
      case "text":
      case "code_inline":
        out += child.content;
        break;
      case "softbreak":
      case "hardbreak":
        out += "\n";
        break;
      case "image":
        out += `${child.children ? inlineText(child.children) : child.content} (${child.attrGet("src")})`;
        break;
      case "link_open":
        links.push({ href: String(child.attrGet("href") ?? ""), start: out.length });
        break;
      case "link_close": {
        const link = links.pop();
        if (!link) break;
        const label = out.slice(link.start);
        // a bare address (linkified) is its own label
        if (label !== link.href && label !== link.href.replace(/^mailto:/i, "")) out += ` (${link.href})`;
        break;
      }
    }
  }
  return out;
}
