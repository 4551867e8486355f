import { z } from "zod";
import { isStateCode } from "../place/us-states";

/**
 * `POST /api/admin/petitions/{id}/delivery-pack`, and the console's form: an optional US state (its
 * cities are counted). A pack names nobody: it goes to third parties, and signers gave their names to
 * the foundation only (docs/architecture.md, security review M3). Pure: the console imports it.
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
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? "Unknown field: send only state" : "Send {state?}") },
);
export type PackRequest = z.output<typeof PackRequest>;
