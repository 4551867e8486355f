import { Admins } from "@site/core/admins";
import { Audit } from "@site/core/audit";
import { Issues } from "@site/core/newsletter/issues/index";
import { ISSUE_REQUEST_MAX_BYTES } from "@site/core/newsletter/issues/input";
import { adminRoute, ok } from "../lib/http";

/** POST `{subject, body}`: sends it to the signed-in administrator, subject marked "[Test] " → `{email}`. */
export const handler = adminRoute(
  async (req) => {
    const content = req.body(Issues.IssueContent);
    const email = await Admins.emailOf(req.admin);
    await Issues.sendTest(content, email);
    await Audit.record({ action: "newsletter.test_sent", actor: email, target: `"${content.subject}" to ${email}`, rows: 1 });
    return ok({ email });
  },
  { maxBodyBytes: ISSUE_REQUEST_MAX_BYTES },
);
