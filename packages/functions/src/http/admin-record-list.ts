import { adminRecords } from "@site/core/privacy/kinds";
import { listRoute } from "../lib/collection-routes";

/**
 * `GET /api/admin/records/{kind}?search=&sort=&order=&page=&pageSize=` → `{items, total, page, pageSize}`:
 * the list of a kind made by defineKind and registered (privacy/kinds.ts), newest first; a `{kind}`
 * no such kind is named is a 404.
 */
export const handler = listRoute((req) => adminRecords(req.param("kind")).collection);
