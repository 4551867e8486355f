import { Admins } from "@site/core/admins";
import { DeliveryPack } from "@site/core/delivery-pack";
import { parse } from "@site/core/util/zod";
import { accepted, adminRoute } from "../lib/http";

/**
 * "Delivery pack (PDF)" on a petition's signatures screen: `{state?}` starts the
 * petition's PDF as a job and answers 202 `{jobId}` at once (404 for an unknown petition, 400 for an
 * unknown state); the console follows it with `GET /api/admin/jobs/{jobId}`, then downloads the file
 * through `GET /api/admin/jobs/{jobId}/download`. The signatures are read by the
 * `delivery-pack-job` subscriber, never inside this request.
 */
export const handler = adminRoute(async (req) => {
  // every field is optional, so a missing or `null` body is not read as `{}`: the console always sends an object
  const input = parse(DeliveryPack.PackRequest, req.json);
  const job = await DeliveryPack.request(req.param("id"), input, await Admins.starter(req.admin));
  return accepted({ jobId: job.id });
});
