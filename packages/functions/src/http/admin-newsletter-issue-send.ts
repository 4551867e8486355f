import { Admins } from "@site/core/admins";
import { Issues } from "@site/core/newsletter/issues/index";
import { accepted, adminRoute } from "../lib/http";

/**
 * Starts sending a draft to every confirmed subscriber → 202 `{jobId, issue}`; the
 * newsletter-issue-batch subscriber sends it in batches. 409 unless it is a draft.
 */
export const handler = adminRoute(async (req) => {
  const id = req.param("id");
  Issues.checkId(id);
  return accepted(await Issues.start(id, await Admins.emailOf(req.admin)));
});
