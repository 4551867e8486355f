import type { Link, RichText } from "./types";

/** One run of running text; `href` when it is a link. */
export interface Run {
  text: string;
  href?: string;
}

/** A piece of rich text as runs, in reading order: what both renderers walk. */
export function runsOf(text: RichText): Run[] {
  if (typeof text === "string") return [{ text }];
  return text.map((part) => (typeof part === "string" ? { text: part } : { text: part.text, href: part.href }));
}

/** The words without their links (search, alt text, meta descriptions). */
export const plainText = (text: RichText): string =>
  runsOf(text)
    .map((run) => run.text)
    .join("");

/** Builds a link run: `link("ReportFraud.ftc.gov", "https://reportfraud.ftc.gov")`. */
export const link = (text: string, href: string): Link => ({ text, href });
