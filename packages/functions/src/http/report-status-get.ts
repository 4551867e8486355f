import { ReportStatus } from "@site/core/report-status";
import { ok, publicRoute } from "../lib/http";

/**
 * The status link's page asks here: `{token}` in the path → 200 the report's reference, its status
 * and, when it is in a case, the case's status (ReportStatus.view: nothing else of the report). An
 * unknown token is a 404, an expired one a 410, each with a message saying to ask for a new link.
 * Reads only (two or three items): a token is 32 random bytes, so guessing one needs no limit of its
 * own beyond the API's throttling, and a page view costs no write.
 */
export const handler = publicRoute(async (req) => ok(await ReportStatus.view(req.param("token"))));
