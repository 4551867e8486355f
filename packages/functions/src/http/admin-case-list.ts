import { CaseListing } from "@site/core/cases/listing";
import { listRoute } from "../lib/collection-routes";

/**
 * `GET /api/admin/cases?status=&assignee=&search=&sort=&order=&page=&pageSize=` → `{items, total, page,
 * pageSize}`: cases newest first by default; sorts by last report, reports, amount lost, title,
 * status; a search finds a title's first or last word from its start, a reference or an id.
 */
export const handler = listRoute(CaseListing);
