import { ReportListing } from "@site/core/report/listing";
import { listRoute } from "../lib/collection-routes";

/**
 * `?dateFrom=&dateTo=&moneyLost=&speakWithTeam=&status=&search=&sort=&order=&page=&pageSize=` →
 * `{items: ReportRow[], total, page, pageSize}`, newest first by default, 10 a page (at most 100).
 */
export const handler = listRoute(ReportListing.reports);
