import { Admins } from "@site/core/admins";
import { Audit } from "@site/core/audit";
import { Listing } from "@site/core/signature/listing";
import { adminRoute, ok } from "../lib/http";

/** The list's filters, `page`, `pageSize` ≤ 1000; the first page opens an audit entry, later ones add their rows. */
export const handler = adminRoute(async (req) => {
  const q = req.query(Listing.ExportQuery);
  const page = await Listing.exportPage(q);
  const entry = await Audit.record({
    action: "signatures.exported",
    actor: await Admins.emailOf(req.admin!),
    target: (q.petitionId ?? "all petitions") + (q.search ? ` (search "${q.search}")` : ""),
    rows: page.items.length,
    operationId: q.operationId,
  });
  return ok({ operationId: entry.id, ...page });
});
