import { z } from "zod";
import { Cases } from "@site/core/cases";
import { adminRoute, ok } from "../lib/http";

const Query = z.strictObject({ after: z.string().max(64).optional() });

/**
 * `GET /api/admin/case-proposals?after=` → `{proposals: [{id, reports: [{id, reference, createdAt,
 * company?}], caseId?, caseReference?, identifiers: [{type, value, shown}], createdAt, updatedAt}],
 * next}`: the proposed links waiting for a decision, oldest first, 100 a page (`next` continues).
 */
export const handler = adminRoute(async (req) => ok(await Cases.listProposals(req.query(Query).after)));
