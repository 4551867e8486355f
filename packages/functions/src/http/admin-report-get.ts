import { ReportAdmin } from "@site/core/report/admin";
import { adminRoute, ok } from "../lib/http";

/** The whole report; each evidence file with a signed download link made now, valid for minutes. */
export const handler = adminRoute(async (req) => ok(await ReportAdmin.details(req.param("id"))));
