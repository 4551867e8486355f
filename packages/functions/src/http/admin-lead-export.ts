import { Lead } from "@site/core/lead";
import { LeadListing } from "@site/core/lead/listing";
import { exportRoute } from "../lib/collection-routes";

/**
 * The list's filters, `page`, `pageSize` ≤ 1000, `operationId` after the first page, `only=page`:
 * `LeadRow`s carrying every CSV column (the console makes the CSV); audited as `leads.exported`.
 */
export const handler = exportRoute(LeadListing.leads, "leads.exported", (req) => ({ form: Lead.formOf(req.param("form")) }));
