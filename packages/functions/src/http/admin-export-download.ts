import { Admins } from "@site/core/admins";
import { ExportJob } from "@site/core/exports";
import { adminRoute, ok } from "../lib/http";

/**
 * A finished export's file: `{url, fileName, expiresInSeconds}`, a five-minute signed link, for the
 * administrator who started it (audited); 404 until the job is done, and for anyone else.
 */
export const handler = adminRoute(async (req) => ok(await ExportJob.downloadLink(req.param("id"), await Admins.starter(req.admin))));
