import { PrivacyListing } from "@site/core/privacy/listing";
import { listRoute } from "../lib/collection-routes";

/**
 * `GET /api/admin/privacy/requests?status=&search=&sort=&order=&page=&pageSize=` → `{items, total,
 * page, pageSize}`: data-deletion requests, newest first by default. A stored "pending" request whose
 * link has expired is listed (and filtered) as "expired". Rows hold a hash of the address, never it.
 */
export const handler = listRoute(PrivacyListing);
