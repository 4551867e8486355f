import { z } from "zod";
import { CONTROL } from "../util/free-text";

/**
 * What `POST /api/admin/reports/text-searches` receives and the console's form checks: the text to
 * find inside every report. Only zod: the browser imports this module.
 */

/** Fewer characters would match nearly every report; more is not a phrase anyone types. */
export const TEXT_SEARCH_MIN = 3;
export const TEXT_SEARCH_MAX = 200;

export const TEXT_SEARCH_MESSAGES = {
  length: `Please enter ${TEXT_SEARCH_MIN} to ${TEXT_SEARCH_MAX} characters to search for`,
  characters: "The search text contains characters that are not allowed",
} as const;

// Control characters (but tabs and line breaks, which match any space), bidi overrides and lone surrogates: no stored report text holds them.
const NOT_ALLOWED = new RegExp(`${CONTROL.source}|\\p{Cs}`, "u");

export const TextSearchInput = z.object({
  text: z
    .string({ error: TEXT_SEARCH_MESSAGES.length })
    .trim()
    .min(TEXT_SEARCH_MIN, TEXT_SEARCH_MESSAGES.length)
    .max(TEXT_SEARCH_MAX, TEXT_SEARCH_MESSAGES.length)
    .refine((text) => !NOT_ALLOWED.test(text), TEXT_SEARCH_MESSAGES.characters),
});
export type TextSearchInput = z.input<typeof TextSearchInput>;
