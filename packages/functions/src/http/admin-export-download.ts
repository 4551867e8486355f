import { Admins } from "@site/core/admins";
import { ExportJob } from "@site/core/privacy/exports";
import { z } from "zod";
import { adminRoute, ok } from "../lib/http";

const Query = z.strictObject({ file: z.enum(["pdf", "csv"], { error: "file must be pdf or csv" }).optional() });

/**
 * A finished export's file: `{url, fileName, expiresInSeconds}`, a five-minute signed link, for the
 * administrator who started it (audited); 404 until the job is done, and for anyone else. `?file=csv`
 * names one of the files of a job that wrote several (a case pack).
 */
export const handler = adminRoute(async (req) => {
  const { file } = req.query(Query);
  return ok(await ExportJob.downloadLink(req.param("id"), await Admins.starter(req.admin), file));
});
