import { LeadListing } from "@site/core/lead/listing";
import { adminRoute, ok } from "../lib/http";

/** `/admin/forms`: `{forms: [{form, title, listTitle, adminSlug, count, latest: {createdAt, createdDate, createdTime} | null}]}`. */
export const handler = adminRoute(async () => ok({ forms: await LeadListing.summary() }));
