import { Job } from "@site/core/jobs";
import { adminRoute, ok } from "../lib/http";

/** A job's status and progress: `{id, kind, actor, status, createdAt, progress, result?, error?}`. */
export const handler = adminRoute(async (req) => ok(await Job.get(req.param("id"))));
