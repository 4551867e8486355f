import { SignatureDeletion } from "@site/core/signature/deletion";
import { deleteAllRoute } from "../lib/collection-routes";

/**
 * `{confirm: "CONFIRM", petitionId?, operationId?}` → `{operationId, deleted, remaining, done}`, one
 * chunk per call. The server issues the operationId on the first call; only its administrator may
 * continue it, for the same petition.
 */
export const handler = deleteAllRoute({
  input: SignatureDeletion.DeleteAllInput,
  action: "signatures.deleted_all",
  target: ({ petitionId }) => petitionId ?? "all petitions",
  sheetTabs: () => ["signatures"],
  precheck: ({ petitionId }) => SignatureDeletion.checkScope({ petitionId }),
  step: ({ petitionId }, startedAt) => SignatureDeletion.deleteAll({ petitionId }, startedAt),
});
