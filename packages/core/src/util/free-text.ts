import { z } from "zod";

/**
 * Free text a visitor types (a timeshare's name, a report's story). Only zod here: the public forms
 * import it, so the browser checks by the very rule the API applies.
 */

/** Control characters and bidi overrides/isolates, which can disguise text in e-mails and the admin view. */
export const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u202A-\u202E\u2066-\u2069]/;
/** The same, and line breaks: for text of one line. */
export const CONTROL_OR_BREAK = /[\u0000-\u001F\u007F\u202A-\u202E\u2066-\u2069]/;

export const notAllowed = (what: string) => `${what} contains characters that are not allowed`;

export interface FreeTextOptions {
  max: number;
  /** Line breaks allowed (a story); otherwise one line. */
  multiline?: boolean;
  /** The message past `max` (default "<what> must be at most <max> characters"). */
  tooLong?: string;
}

/** Trimmed text of at most `max` characters, without control or bidi characters; `what` is the message subject. */
export const FreeText = (what: string, { max, multiline = false, tooLong = `${what} must be at most ${max} characters` }: FreeTextOptions) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .refine((text) => !(multiline ? CONTROL : CONTROL_OR_BREAK).test(text), notAllowed(what));
