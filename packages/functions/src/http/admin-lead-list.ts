import { Lead } from "@site/core/lead";
import { LeadListing } from "@site/core/lead/listing";
import { listRoute } from "../lib/collection-routes";

/**
 * `GET /api/admin/leads/{form}?newsletterConsent=&dateFrom=&dateTo=&search=&sort=&order=&page=&pageSize=`
 * → `{items: LeadRow[], total, page, pageSize}`, newest first; an unknown form is a 404.
 */
export const handler = listRoute(LeadListing.leads, (req) => ({ form: Lead.formOf(req.param("form")) }));
