import { Admins } from "@site/core/admins";
import { Issues } from "@site/core/newsletter/issues/index";
import { ISSUE_REQUEST_MAX_BYTES } from "@site/core/newsletter/issues/input";
import { adminRoute, created } from "../lib/http";

/** POST `{subject, body}` → 201 the new draft. */
export const handler = adminRoute(
  async (req) => {
    const content = req.body(Issues.IssueContent);
    return created(await Issues.create(content, await Admins.emailOf(req.admin)));
  },
  { maxBodyBytes: ISSUE_REQUEST_MAX_BYTES },
);
