import { settings } from "@site/core/config";
import { Evidence } from "@site/core/evidence";
import { RateLimit } from "@site/core/ratelimit";
import { Report } from "@site/core/report";
import { ok, publicRoute } from "../lib/http";

/** A presigned POST for one evidence file, which the browser sends straight to the private bucket. */
export const handler = publicRoute(async (req) => {
  const input = req.body(Evidence.UploadRequest);
  await RateLimit.consumeClient(Report.UPLOAD_RATE_SCOPE, req.meta.ipAddress, settings().UPLOAD_RATE_LIMIT_PER_MINUTE);
  return ok(await Evidence.presignUpload(input));
});
