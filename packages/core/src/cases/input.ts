import { z } from "zod";
import { EmailAddress } from "../util/email";
import { CASE_STATUSES } from "./status";

/**
 * The bodies of the case routes (packages/functions/src/http/admin-case-*.ts), shared with the
 * console's forms. Pure: no AWS or Node import (the browser loads it).
 */

/** A sortable id's shape (util/id.ts, which reaches node:crypto). */
const isSortableId = (value: string) => /^[0-9a-z]{21}$/.test(value);
/** "CASE-7K3M9Q" in any case, with or without its dash (reference.ts). */
export const isCaseReference = (value: string) => /^case[\s-]*[0-9a-z]{6}$/i.test(value.trim());
export const TITLE_MAX = 200;
export const NOTE_MAX = 4000;
/** Reports one split moves (each is one transaction item pair; a case pack handles more). */
export const SPLIT_MAX = 500;

/** A case named by its id or its reference. */
const CaseName = z
  .string({ error: "Case is required" })
  .trim()
  .refine((v) => isSortableId(v) || isCaseReference(v), "Name the case by its reference (CASE-…) or its id");

export const CasePatch = z
  .strictObject({
    status: z.enum(CASE_STATUSES, { error: `Status must be one of ${CASE_STATUSES.join(", ")}` }).optional(),
    /** an administrator's e-mail; null unassigns */
    assignee: EmailAddress({ required: "Assignee is required", invalid: "Assignee must be an e-mail address" }).nullable().optional(),
    title: z
      .string({ error: "Title must be text" })
      .trim()
      .min(1, "Title is required")
      .max(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters`)
      .optional(),
  })
  .refine((p) => p.status !== undefined || p.assignee !== undefined || p.title !== undefined, "Nothing to change");
export type CasePatch = z.output<typeof CasePatch>;

export const CaseNote = z.strictObject({
  text: z.string({ error: "Note is required" }).trim().min(1, "Note is required").max(NOTE_MAX, `A note is at most ${NOTE_MAX} characters`),
});

/** The case to merge into this one: by its id or its reference. */
export const CaseMerge = z.strictObject({ caseId: CaseName });

export const CaseSplit = z.strictObject({
  reportIds: z
    .array(z.string().refine(isSortableId, "Not a report"), { error: "Reports are required" })
    .min(1, "Choose at least one report")
    .max(SPLIT_MAX, `At most ${SPLIT_MAX} reports at a time`),
});
