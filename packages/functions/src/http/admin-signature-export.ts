import { SignatureListing } from "@site/core/signature/listing";
import { exportRoute } from "../lib/collection-routes";

/** The list's filters, `page`, `pageSize` ≤ 1000, `operationId` after the first page; audited as `signatures.exported`. */
export const handler = exportRoute(SignatureListing.signatures, "signatures.exported");
