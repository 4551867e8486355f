import { Admins } from "@site/core/admins";
import { Audit } from "@site/core/audit";
import { adminRecords } from "@site/core/privacy/kinds";
import { Sheets } from "@site/core/sheets";
import { adminRoute, ok } from "../lib/http";

/**
 * Deletes one record of a registered kind (defineKind) → `{id, kind}`; audited as `<name>.deleted`
 * (target `<name>/<id>`), its spreadsheet tab rewritten soon. An unknown kind or record is a 404.
 */
export const handler = adminRoute(async (req) => {
  const kind = adminRecords(req.param("kind"));
  const id = req.param("id");
  const { tabs } = await kind.remove(id);
  await Audit.record({ action: kind.deleted, actor: await Admins.emailOf(req.admin), target: `${kind.name}/${id}`, rows: 1 });
  if (tabs.length) await Sheets.resyncSoon(tabs);
  return ok({ id, kind: kind.name });
});
