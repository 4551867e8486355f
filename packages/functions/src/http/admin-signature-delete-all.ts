import { Audit } from "@site/core/audit";
import { Deletion } from "@site/core/signature/deletion";
import { adminRoute, ok } from "../lib/http";

/**
 * `{confirm: "CONFIRM", petitionId?, operationId?}` → `{operationId, deleted, remaining, done}`, one
 * chunk per call. The server issues the operationId on the first call; only its administrator may
 * continue it, for the same petition.
 */
export const handler = adminRoute(async (req) => {
  const { petitionId, operationId } = req.body(Deletion.DeleteAllInput);
  const progress = await Audit.chunk(
    { action: "signatures.deleted_all", actor: req.admin!, target: petitionId ?? "all petitions", operationId, precheck: () => Deletion.checkScope({ petitionId }) },
    async (op) => {
      const chunk = await Deletion.deleteAll({ petitionId }, op.startedAt);
      return { value: chunk, rows: chunk.deleted, done: chunk.done };
    },
  );
  return ok(progress);
});
