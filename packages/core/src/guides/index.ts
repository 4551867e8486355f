/**
 * The four free guides: one content module per guide, read by the public pages, the
 * build-time PDFs (scripts/guides) and the e-mails that link to them. Browser-safe: no Node or AWS.
 */
import type { LeadForm } from "../lead/forms";
import { BEFORE_YOU_SIGN } from "./before-you-sign";
import { CHECKLIST } from "./checklist";
import { SPOTTING_EXIT_SCAMS } from "./spotting-exit-scams";
import type { Guide } from "./types";
import { WHERE_SCAMS_THRIVE } from "./where-scams-thrive";

export const GUIDES: Record<LeadForm, Guide> = {
  checklist: CHECKLIST,
  "where-scams-thrive": WHERE_SCAMS_THRIVE,
  "before-you-sign": BEFORE_YOU_SIGN,
  "spotting-exit-scams": SPOTTING_EXIT_SCAMS,
};

export { GUIDE_SITE_PATHS, guidePdfPath, isSitePath, linksOf } from "./links";
export { link, plainText, runsOf, type Run } from "./rich-text";
export type { Block, BulletList, Callout, Checklist, Guide, Link, Paragraph, RichText, Section, Source, Table } from "./types";
