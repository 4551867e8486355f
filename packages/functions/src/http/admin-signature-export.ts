import { Audit } from "@site/core/audit";
import { Listing } from "@site/core/signature/listing";
import { adminRoute, ok } from "../lib/http";

/**
 * The list's filters, `page`, `pageSize` ≤ 1000. The first page opens an audited operation (its
 * operationId comes back); later pages name it and add their rows; the last page completes it.
 */
export const handler = adminRoute(async (req) => {
  const q = req.query(Listing.ExportQuery);
  const target = (q.petitionId ?? "all petitions") + (q.search ? ` (search "${q.search}")` : "");
  const page = await Audit.chunk({ action: "signatures.exported", actor: req.admin!, target, operationId: q.operationId }, async () => {
    const page = await Listing.exportPage(q);
    const last = page.items.length < page.pageSize || page.page * page.pageSize >= page.total;
    return { value: page, rows: page.items.length, done: last };
  });
  return ok(page);
});
