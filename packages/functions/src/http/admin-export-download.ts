import { ExportJob } from "@site/core/exports";
import { adminRoute, ok } from "../lib/http";

/** A finished export's file: `{url, fileName, expiresInSeconds}`, a five-minute signed link; 404 until the job is done. */
export const handler = adminRoute(async (req) => ok(await ExportJob.downloadLink(req.param("id"))));
