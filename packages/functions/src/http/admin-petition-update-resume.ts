import { Admins } from "@site/core/admins";
import { PetitionUpdates } from "@site/core/signature/updates";
import { accepted, adminRoute } from "../lib/http";

/** Continues a paused update send from where it stopped → 202 `{jobId, issue}`; 409 unless it is paused, 404 for an unknown update. */
export const handler = adminRoute(async (req) =>
  accepted(await PetitionUpdates.resume(req.param("id"), req.param("updateId"), await Admins.emailOf(req.admin))),
);
