import { Job } from "@site/core/jobs";
import { adminRoute, ok } from "../lib/http";

/**
 * A job's status and progress: `{id, kind, actor, status, createdAt, progress, result?, error?}`.
 * Another administrator's export, delivery pack or report text search is not found (Job.getOwn).
 */
export const handler = adminRoute(async (req) => ok(await Job.getOwn(req.param("id"), req.admin.sub)));
