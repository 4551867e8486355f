import { Audit } from "@site/core/audit";
import { adminRoute, ok } from "../lib/http";

/** `?limit=` (default 20, max 100) → `{items}`, newest first. */
export const handler = adminRoute(async (req) => ok({ items: await Audit.list(req.query(Audit.ListQuery).limit) }));
