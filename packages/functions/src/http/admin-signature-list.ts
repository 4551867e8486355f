import { Listing } from "@site/core/signature/listing";
import { adminRoute, ok } from "../lib/http";

/** `?petitionId=&search=&sort=&order=&page=&pageSize=` → `{items: SignatureRow[], total, page, pageSize}`. */
export const handler = adminRoute(async (req) => ok(await Listing.list(req.query(Listing.ListQuery))));
