import { Sheets } from "@site/core/sheets";
import { Admins } from "@site/core/admins";
import { Audit } from "@site/core/audit";
import { SignatureDeletion } from "@site/core/signature/deletion";
import { adminRoute, ok } from "../lib/http";

/** → `{signatureCount}` after the deletion. */
export const handler = adminRoute(async (req) => {
  const petitionId = req.param("id");
  const signatureId = req.param("signatureId");
  const result = await SignatureDeletion.remove(petitionId, signatureId);
  await Audit.record({ action: "signature.deleted", actor: await Admins.emailOf(req.admin), target: `${petitionId}/${signatureId}`, rows: 1 });
  await Sheets.resyncSoon(["signatures"]);
  return ok(result);
});
