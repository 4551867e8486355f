import { z } from "zod";

/**
 * A petition as the API answers it, and what creating or editing one accepts. The admin console's
 * forms import this module: zod only, never the AWS SDK.
 */

export const Info = z.object({
  id: z.string(),
  title: z.string(),
  story: z.string(),
  goal: z.number().int(),
  /** Counted signatures: the confirmed ones on a petition that verifies signatures, else every one. */
  signatureCount: z.number().int(),
  /** Signatures waiting for their e-mail's confirmation (always 0 on a petition that does not verify). */
  pendingCount: z.number().int(),
  /** Count only signatures confirmed from the link e-mailed to the signer (docs/architecture.md "Verified signatures"). */
  verifySignatures: z.boolean(),
  createdAt: z.string(),
});
export type Info = z.infer<typeof Info>;

export const MAX_GOAL = 1_000_000_000;

/** A goal from a form or JSON: digits (as a number or a string), a whole number of at least `min`. */
export const goal = (min: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : Number(v.trim())) : v),
    z
      .number({ error: (issue) => (issue.input === undefined ? "Goal is required" : "Goal must be a whole number") })
      .int("Goal must be a whole number")
      .min(min, `Goal must be at least ${min}`)
      .max(MAX_GOAL, "Goal is too large"),
  );

/** Every petition id has this form: chosen ones are checked by CreateInput, generated ones are base 36. */
export const ID_PATTERN = /^[a-z0-9-]{1,64}$/;

export const CreateInput = z.object({
  id: z.string().regex(ID_PATTERN, "Use lower-case letters, digits and hyphens").optional(),
  title: z.string().trim().min(1, "Title is required").max(200),
  story: z.string().trim().min(1, "Story is required").max(20_000),
  goal: goal(1),
  /** On for every petition created from now on unless the administrator turns it off; a petition stored without it does not verify. */
  verifySignatures: z.boolean({ error: "Verify signatures must be true or false" }).default(true),
});

/** What an administrator may send to create a petition (the id is always generated). */
export const AdminCreateInput = CreateInput.omit({ id: true });

/** PATCH body: the goal, a whole number of at least 0 (the spec's edit rule), and whether signatures are verified; at least one of them. */
export const UpdateGoalInput = z
  .object({
    goal: goal(0).optional(),
    verifySignatures: z.boolean({ error: "Verify signatures must be true or false" }).optional(),
  })
  .refine((v) => v.goal !== undefined || v.verifySignatures !== undefined, { message: "Goal is required", path: ["goal"] });
