import { ReportAdmin } from "@site/core/report/admin";
import { adminRoute, ok } from "../lib/http";

/**
 * One of a report's files (`{purpose}`: contactEmail or details): `{downloadUrl, fileName,
 * expiresInSeconds}`, a five-minute signed link, only once its malware scan found it clean; 409 with
 * why otherwise ("This file has not been scanned yet…", "This file was quarantined…"); 404 for a
 * report or file that is not there.
 */
export const handler = adminRoute(async (req) => ok(await ReportAdmin.evidenceLink(req.param("id"), req.param("purpose"))));
