import { Cases } from "@site/core/cases";
import { adminRoute, ok } from "../lib/http";

/** `GET /api/admin/cases/{id}` → `{case, reports, timeline}`. */
export const handler = adminRoute(async (req) => ok(await Cases.details(req.param("id"))));
