import { z } from "zod";
import { isStateCode } from "../place/us-states";

/** The most names a pack lists (about 140 pages); the PDF says when a list was cut there. */
export const MAX_NAMES = 20_000;

/**
 * `POST /api/admin/petitions/{id}/delivery-pack`, and the console's form: an optional US state (its
 * cities are counted, and its signers alone named), and whether to list signers' names. Pure: the
 * console imports it.
 */
export const PackRequest = z.strictObject(
  {
    state: z.preprocess(
      (v) => (v === "" || v === null ? undefined : v),
      z
        .string({ error: "State must be a US state's two-letter code" })
        .trim()
        .toUpperCase()
        .refine(isStateCode, "Unknown state: use a US state's two-letter code, e.g. CA")
        .optional(),
    ),
    includeNames: z.boolean({ error: "includeNames must be true or false" }).default(false),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? `Unknown field: send only state and includeNames` : "Send {state?, includeNames?}") },
);
export type PackRequest = z.output<typeof PackRequest>;
