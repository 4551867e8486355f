import { Issues } from "@site/core/newsletter/issues/index";
import { adminRoute, ok } from "../lib/http";

/** The history of issues, newest first: `{items: [{id, subject, status, createdAt, sentAt?, audience, counts}], next?}`. */
export const handler = adminRoute(async (req) => ok(await Issues.list(req.query(Issues.IssueListQuery))));
