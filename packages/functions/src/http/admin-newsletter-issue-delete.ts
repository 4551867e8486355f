import { Admins } from "@site/core/admins";
import { Audit } from "@site/core/audit";
import { Issues } from "@site/core/newsletter/issues/index";
import { adminRoute, ok } from "../lib/http";

/** Deletes a draft → `{id}`; 409 once sending has begun. Audited as `newsletter.issue_deleted`. */
export const handler = adminRoute(async (req) => {
  const removed = await Issues.remove(req.param("id"));
  await Audit.record({ action: "newsletter.issue_deleted", actor: await Admins.emailOf(req.admin), target: `"${removed.subject}" (${removed.id})`, rows: 1 });
  return ok({ id: removed.id });
});
