import { PrivacyListing } from "@site/core/privacy/listing";
import { adminRoute, ok } from "../lib/http";

/** `/admin/privacy`'s count cards: `{total, byStatus: {pending, confirmed, completed, expired}}` (the derived status). */
export const handler = adminRoute(async () => ok(await PrivacyListing.counts()));
