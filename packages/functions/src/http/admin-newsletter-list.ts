import { SubscriberListing } from "@site/core/newsletter/listing";
import { listRoute } from "../lib/collection-routes";

/**
 * `GET /api/admin/newsletter/subscribers?status=&source=&search=&sort=&order=&page=&pageSize=`
 * → `{items: SubscriberRow[], total, page, pageSize}`, latest consent first; expired (unconfirmed
 * past their TTL) subscribers are never listed.
 */
export const handler = listRoute(SubscriberListing.subscribers);
