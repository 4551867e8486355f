import { Admins } from "@site/core/admins";
import { Issues } from "@site/core/newsletter/issues/index";
import { accepted, adminRoute } from "../lib/http";

/** Continues a paused send from where it stopped → 202 `{jobId, issue}`. 409 unless it is paused. */
export const handler = adminRoute(async (req) => {
  const id = req.param("id");
  Issues.checkId(id);
  return accepted(await Issues.resume(id, await Admins.emailOf(req.admin)));
});
