import { z } from "zod";
import { Admins } from "@site/core/admins";
import { Audit } from "@site/core/audit";
import { remove } from "@site/core/petition/deletion";
import { adminRoute, ok } from "../lib/http";

const Query = z.object({ operationId: Audit.OperationId.optional() });

/** One chunk per call: `{operationId, deleted, remaining, done}`; call again with `?operationId=` until done. */
export const handler = adminRoute(async (req) => {
  const id = req.param("id");
  const { operationId } = req.query(Query);
  const progress = await remove(id, operationId);
  await Audit.record({
    action: "petition.deleted",
    actor: await Admins.emailOf(req.admin!),
    target: id,
    rows: progress.deleted,
    operationId: progress.operationId,
  });
  return ok(progress);
});
