import { Sheets } from "@site/core/sheets";
import { z } from "zod";
import { Audit } from "@site/core/audit";
import { checkExists, remove } from "@site/core/signature/petition-deletion";
import { adminRoute, ok } from "../lib/http";

const Query = z.object({ operationId: Audit.OperationId.optional() });

/**
 * One chunk per call: `{operationId, deleted, remaining, done}`; call again with the operationId the
 * server issued (`?operationId=`) until done.
 */
export const handler = adminRoute(async (req) => {
  const id = req.param("id");
  const { operationId } = req.query(Query);
  const progress = await Audit.chunk({ action: "petition.deleted", actor: req.admin, target: id, operationId, precheck: () => checkExists(id) }, async (op) => {
    const chunk = await remove(id, op);
    return { value: chunk, rows: chunk.deleted, done: chunk.done };
  });
  if (progress.done) await Sheets.resyncSoon(["signatures"]);
  return ok(progress);
});
