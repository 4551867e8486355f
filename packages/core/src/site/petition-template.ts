/**
 * Petition pages (/sign/{id}, /share/{id}, /thank-you/{id}) are prerendered once, at build time, for a
 * placeholder petition whose text is made of tokens (web/scripts/prerender.mjs writes them to
 * /_templates/*.html). The petition-page function fills the tokens with a real petition, so the
 * visitor gets the page's HTML at once and the app hydrates it instead of rendering from nothing.
 *
 * The fill must produce exactly what React renders for that petition, or hydration would not match:
 * text is escaped as React escapes it, and the figures come from the same functions the components
 * use. The build proves it for sample petitions (prerender.mjs compares a filled template with a
 * real render) and fails when they differ.
 */
import { progressFigures, type ProgressFigures } from "../petition/figures";

/**
 * Stands for the petition id. Not a possible id (ids are [a-z0-9-]), so no real petition renders as
 * the template; and encodeURIComponent leaves it as it is, so it survives in every link.
 */
export const TEMPLATE_PETITION_ID = "__PETITION_ID__";

const TEXT_TOKENS = { title: "%%PETITION_TITLE%%", story: "%%PETITION_STORY%%" } as const;
const FIGURE_TOKENS: ProgressFigures = {
  count: "%%SIGNATURE_COUNT%%",
  goal: "%%SIGNATURE_GOAL%%",
  value: "%%PROGRESS_VALUE%%",
  percent: "%%PROGRESS_PERCENT%%",
};

/** The placeholder petition the templates are rendered with. */
export const TEMPLATE_PETITION = {
  id: TEMPLATE_PETITION_ID,
  title: TEXT_TOKENS.title,
  story: TEXT_TOKENS.story,
  goal: 0,
  signatureCount: 0,
  createdAt: "1970-01-01T00:00:00.000Z",
};

/** The pages rendered as templates, by their file under /_templates/. */
export const PETITION_TEMPLATES = { sign: "/sign/:id", share: "/share/:id", "thank-you": "/thank-you/:id" } as const;
export type PetitionTemplate = keyof typeof PETITION_TEMPLATES;

export const templatePath = (name: PetitionTemplate) => `/_templates/${name}.html`;

/** The template a petition page path is served from: "/share/abc" → "share". */
export function templateOf(path: string): PetitionTemplate | undefined {
  const first = path.split("/")[1];
  return first !== undefined && Object.hasOwn(PETITION_TEMPLATES, first) ? (first as PetitionTemplate) : undefined;
}

/** The figures a progress block shows: tokens for the template petition, numbers for a real one. */
export function figuresOf(petition: { id: string; signatureCount: number; goal: number | null | undefined }): ProgressFigures {
  return petition.id === TEMPLATE_PETITION_ID ? FIGURE_TOKENS : progressFigures(petition);
}

/** Text as React's server renderer escapes it, in text and in attribute values. */
export const escapeAsReact = (text: string) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c]!);

export interface TemplatePetition {
  id: string;
  title: string;
  story: string;
  goal: number;
  signatureCount: number;
}

/** `html` (a template) for `petition`: every token replaced in one pass, so petition text is never re-read as a token. */
export function fillPetitionTemplate(html: string, petition: TemplatePetition): string {
  const figures = progressFigures(petition);
  const values = new Map<string, string>([
    [TEMPLATE_PETITION_ID, petition.id],
    [TEXT_TOKENS.title, escapeAsReact(petition.title)],
    [TEXT_TOKENS.story, escapeAsReact(petition.story)],
    ...(Object.keys(FIGURE_TOKENS) as (keyof ProgressFigures)[]).map((k) => [FIGURE_TOKENS[k], escapeAsReact(figures[k])] as [string, string]),
  ]);
  const pattern = new RegExp([...values.keys()].map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"), "g");
  return html.replace(pattern, (token) => values.get(token)!);
}
