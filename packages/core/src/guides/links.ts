import { LEAD_FORMS, LEAD_FORM_INFO, type LeadForm } from "../lead/forms";
import { runsOf } from "./rich-text";
import type { Block, Guide, RichText } from "./types";

/**
 * The only site pages a guide may link to: pages that exist (the scam report, the petition) and the
 * four guide pages. Anything else on the site may not be built yet.
 */
export const GUIDE_SITE_PATHS: readonly string[] = ["/report-scam", "/petition", ...LEAD_FORMS.map((form) => LEAD_FORM_INFO[form].path)];

/** Where the site serves a guide's PDF: `/guides/<pdfFile>` (the web build writes it to dist/guides). */
export const guidePdfPath = (form: LeadForm): string => `/guides/${LEAD_FORM_INFO[form].pdfFile}`;

export const isSitePath = (href: string): boolean => href.startsWith("/");

function richTextsOf(block: Block): readonly RichText[] {
  switch (block.kind) {
    case "paragraph":
      return [block.text];
    case "bullets":
    case "checklist":
      return block.items;
    case "callout":
      return [block.text, ...(block.items ?? [])];
    case "table":
      return [];
  }
}

/** Every link in a guide's text (not its sources), in reading order. */
export function linksOf(guide: Guide): { text: string; href: string }[] {
  return guide.sections.flatMap((section) =>
    section.blocks.flatMap((block) =>
      richTextsOf(block).flatMap((text) => runsOf(text).flatMap((run) => (run.href ? [{ text: run.text, href: run.href }] : []))),
    ),
  );
}
