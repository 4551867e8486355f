import { Admins } from "@site/core/admins";
import { Issues } from "@site/core/newsletter/issues/index";
import { ISSUE_REQUEST_MAX_BYTES } from "@site/core/newsletter/issues/input";
import { adminRoute, ok } from "../lib/http";

/** PUT `{subject, body}` → the draft; 409 once sending has begun. */
export const handler = adminRoute(
  async (req) => {
    const id = req.param("id");
    Issues.checkId(id);
    const content = req.body(Issues.IssueContent);
    return ok(await Issues.update(id, content, await Admins.emailOf(req.admin)));
  },
  { maxBodyBytes: ISSUE_REQUEST_MAX_BYTES },
);
