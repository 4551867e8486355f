import { SubscriberListing } from "@site/core/newsletter/listing";
import { adminRoute, ok } from "../lib/http";

/** `/admin/newsletter`'s count cards: `{total, byStatus: {unconfirmed, confirmed, unsubscribed}, bySource: {petition, scam-report, guide, unsubscribe-page}}`. */
export const handler = adminRoute(async () => ok(await SubscriberListing.counts()));
