import { SignatureListing } from "@site/core/signature/listing";
import { listRoute } from "../lib/collection-routes";

/** `?petitionId=&search=&sort=&order=&page=&pageSize=` → `{items: SignatureRow[], total, page, pageSize}`. */
export const handler = listRoute(SignatureListing.signatures);
