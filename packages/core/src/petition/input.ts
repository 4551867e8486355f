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
  /** Counted signatures at which the signers who asked for updates are e-mailed (docs/architecture.md "Updates to signers who ask"); ascending. */
  milestones: z.array(z.number().int()),
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

/** At most this many milestones per petition. */
export const MAX_MILESTONES = 10;

export const MILESTONE_MESSAGES = {
  notList: "Milestones must be a list of signature counts",
  notWhole: "Each milestone must be a whole number of signatures",
  tooSmall: "Each milestone must be at least 1 signature",
  tooLarge: `Each milestone must be at most ${MAX_GOAL.toLocaleString("en-US")} signatures`,
  tooMany: `At most ${MAX_MILESTONES} milestones`,
  repeated: "Each milestone may be listed only once",
} as const;

/**
 * The signature counts at which signers who ticked "Tell me how this petition does" get an e-mail:
 * whole numbers, each listed once, at most MAX_MILESTONES; answered in ascending order. A form may
 * send them as text ("1,000, 10,000; 25000"): separated by commas, semicolons or spaces, with commas as thousands separators.
 */
export const Milestones = z.preprocess(
  (v) => (typeof v === "string" ? parseMilestoneText(v) : v),
  z
    .array(
      z
        .number({ error: MILESTONE_MESSAGES.notWhole })
        .int(MILESTONE_MESSAGES.notWhole)
        .min(1, MILESTONE_MESSAGES.tooSmall)
        .max(MAX_GOAL, MILESTONE_MESSAGES.tooLarge),
      { error: MILESTONE_MESSAGES.notList },
    )
    .max(MAX_MILESTONES, MILESTONE_MESSAGES.tooMany)
    .refine((list) => new Set(list).size === list.length, MILESTONE_MESSAGES.repeated)
    .transform((list) => [...list].sort((a, b) => a - b)),
);

/** "1,000; 10 000 25000" → [1000, 10000, 25000]; a word that is not a number stays NaN so the schema names it. */
export function parseMilestoneText(text: string): number[] {
  return text
    .split(/[;\s]+|,(?!\d{3}(?:\D|$))/)
    .map((part) => part.trim().replace(/,/g, ""))
    .filter((part) => part !== "")
    .map((part) => (/^\d+$/.test(part) ? Number(part) : NaN));
}

/** A new petition's milestones unless the administrator sets others: 1,000, 10,000 and the goal. */
export function defaultMilestones(goal: number): number[] {
  return [...new Set([1_000, 10_000, goal].filter((m) => m >= 1 && m <= goal))].sort((a, b) => a - b);
}

/** Every petition id has this form: chosen ones are checked by CreateInput, generated ones are base 36. */
export const ID_PATTERN = /^[a-z0-9-]{1,64}$/;

export const CreateInput = z.object({
  id: z.string().regex(ID_PATTERN, "Use lower-case letters, digits and hyphens").optional(),
  title: z.string().trim().min(1, "Title is required").max(200),
  story: z.string().trim().min(1, "Story is required").max(20_000),
  goal: goal(1),
  /** On for every petition created from now on unless the administrator turns it off; a petition stored without it does not verify. */
  verifySignatures: z.boolean({ error: "Verify signatures must be true or false" }).default(true),
  /** Omitted: `defaultMilestones(goal)`. */
  milestones: Milestones.optional(),
});

/** What an administrator may send to create a petition (the id is always generated). */
export const AdminCreateInput = CreateInput.omit({ id: true });

/** PATCH body: the goal, a whole number of at least 0 (the spec's edit rule), whether signatures are verified, the milestones; at least one of them. */
export const UpdateGoalInput = z
  .object({
    goal: goal(0).optional(),
    verifySignatures: z.boolean({ error: "Verify signatures must be true or false" }).optional(),
    milestones: Milestones.optional(),
  })
  .refine((v) => v.goal !== undefined || v.verifySignatures !== undefined || v.milestones !== undefined, { message: "Goal is required", path: ["goal"] });
