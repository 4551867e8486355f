import { Lead } from "@site/core/lead";
import { LeadAdmin } from "@site/core/lead/admin";
import { adminRoute, ok } from "../lib/http";

/** The whole submission (with `meta`) for the details dialog; 404 `Submission not found`. */
export const handler = adminRoute(async (req) => ok(await LeadAdmin.details(Lead.formOf(req.param("form")), req.param("id"))));
