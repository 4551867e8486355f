import { Suppression } from "@site/core/suppression";
import { adminRoute, ok } from "../lib/http";

/** `GET /api/admin/mail/suppressions?email=&limit=&after=` → `{items: [{person, reason, at, kind}], next?}`: newest first, or one address's entry. */
export const handler = adminRoute(async (req) => ok(await Suppression.list(req.query(Suppression.SuppressionListQuery))));
