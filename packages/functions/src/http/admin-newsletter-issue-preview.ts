import { Issues } from "@site/core/newsletter/issues/index";
import { ISSUE_REQUEST_MAX_BYTES } from "@site/core/newsletter/issues/input";
import { adminRoute, ok } from "../lib/http";

/** POST `{subject, body}` → `{subject, html, text}`: the e-mail as a subscriber gets it. Saves nothing. */
export const handler = adminRoute(async (req) => ok(Issues.preview(req.body(Issues.IssueContent))), { maxBodyBytes: ISSUE_REQUEST_MAX_BYTES });
