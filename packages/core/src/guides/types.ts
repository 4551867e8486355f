/**
 * The document model of the four free guides: small enough for the four documents,
 * read by both the public pages (React) and the build-time PDF renderer. Browser-safe: types only.
 */
import type { LeadForm } from "../lead/forms";

/** A link inside running text: an external https source or one of the site's own pages. */
export interface Link {
  text: string;
  href: string;
}

/** Running text: plain, or a sequence of plain runs and links. */
export type RichText = string | readonly (string | Link)[];

export interface Paragraph {
  kind: "paragraph";
  text: RichText;
}

export interface BulletList {
  kind: "bullets";
  items: readonly RichText[];
}

/** Items a reader ticks off: checkboxes on paper, in the PDF and on the page. */
export interface Checklist {
  kind: "checklist";
  items: readonly RichText[];
}

export interface Table {
  kind: "table";
  /** Says what the table shows (the page's caption, the PDF's line above it). */
  caption: string;
  header: readonly string[];
  rows: readonly (readonly string[])[];
  /** Relative column widths, one per header cell (equal when absent). */
  widths?: readonly number[];
}

/** A boxed aside, e.g. "If you already paid": a title, a line of text and optional steps. */
export interface Callout {
  kind: "callout";
  title: string;
  text: RichText;
  items?: readonly RichText[];
}

export type Block = Paragraph | BulletList | Checklist | Table | Callout;

export interface Section {
  heading: string;
  blocks: readonly Block[];
}

export interface Source {
  title: string;
  publisher: string;
  /** Always https. */
  url: string;
}

export interface Guide {
  form: LeadForm;
  /** Equal to the form's documentTitle (lead/forms.ts). */
  title: string;
  subtitle: string;
  /** One or two sentences: the page's intro and its meta description. */
  summary: string;
  /** YYYY-MM-DD: when the facts were last checked. */
  lastReviewed: string;
  sections: readonly Section[];
  sources: readonly Source[];
}
