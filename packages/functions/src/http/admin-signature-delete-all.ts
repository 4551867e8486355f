import { Admins } from "@site/core/admins";
import { Audit } from "@site/core/audit";
import { Deletion } from "@site/core/signature/deletion";
import { adminRoute, ok } from "../lib/http";

/** `{confirm: "CONFIRM", petitionId?, operationId?}` → `{operationId, deleted, remaining, done}`, one chunk per call. */
export const handler = adminRoute(async (req) => {
  const input = req.body(Deletion.DeleteAllInput);
  const progress = await Deletion.deleteAll(input);
  await Audit.record({
    action: "signatures.deleted_all",
    actor: await Admins.emailOf(req.admin!),
    target: input.petitionId ?? "all petitions",
    rows: progress.deleted,
    operationId: progress.operationId,
  });
  return ok(progress);
});
