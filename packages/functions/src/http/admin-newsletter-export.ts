import { SubscriberListing } from "@site/core/newsletter/listing";
import { exportRoute } from "../lib/collection-routes";

/**
 * The list's filters, `page`, `pageSize` ≤ 1000, `operationId` after the first page, `only=page`:
 * `SubscriberRow`s (the console makes the CSV with newsletter/record.ts `subscribersCsv`); audited as `newsletter.exported`.
 */
export const handler = exportRoute(SubscriberListing.subscribers, "newsletter.exported");
