import { z } from "zod";

/**
 * Only zod here: the public web bundle imports this module, so the browser checks names by the very
 * rule the API applies.
 */

/** Longest accepted name, in characters (code points, after NFC normalisation). */
export const PERSON_NAME_MAX = 50;

/**
 * Letters of any script with their combining marks, spaces, apostrophes (' and ’), hyphens and dots.
 * Everything else is refused — digits, ':' and '/' (so a name cannot carry a link or a message into
 * an e-mail), control characters and bidi overrides.
 */
const NAME = /^[\p{L}\p{M} '\u2019.-]+$/u;

/**
 * A dot between letters with two or more after it (`refund-desk.com`, `evil.Example`): a web address
 * that mail clients would turn into a link in "Dear …," of an e-mail to any typed address. Initials
 * (`J.R.`, `J. R. R.`) have one letter after their dots and pass.
 */
const WEB_ADDRESS = /[\p{L}\p{M}]\.[\p{L}\p{M}]{2,}/u;

/**
 * A person's first or last name as a visitor types it; `label` names the field in the messages
 * ("First name can only contain …"). Every form that asks for a name uses it (a full name with a
 * larger `max`).
 */
export const PersonName = (label: string, max = PERSON_NAME_MAX) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .normalize("NFC")
    .min(1, `${label} is required`)
    .regex(NAME, `${label} can only contain letters, spaces, apostrophes, hyphens and dots`)
    .refine((name) => !WEB_ADDRESS.test(name), `${label} cannot contain a web address`)
    .refine((name) => Array.from(name).length <= max, `${label} must be at most ${max} characters`);
