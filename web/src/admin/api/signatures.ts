import type { CollectionResource } from "../collection";
import type { SignatureRow } from "../lib/signatures";
import { apiPath } from "./paths";

type SignatureKey = Pick<SignatureRow, "id" | "petitionId">;

/** One signature's route (details, delete): it lives under its petition. */
export const signaturePath = (row: SignatureKey) => apiPath("getSignature", { id: row.petitionId, signatureId: row.id });

/** Signatures of every petition (filtered with `petitionId`), for the signatures page and the dashboard. */
export const signaturesResource: CollectionResource<SignatureRow> = {
  list: apiPath("listSignatures"),
  export: { kind: "signatures" },
  deleteAll: apiPath("deleteAllSignatures"),
  item: (row) => apiPath("deleteSignature", { id: row.petitionId, signatureId: row.id }),
};

export const SYNC_SIGNATURES = apiPath("syncSignatures");
