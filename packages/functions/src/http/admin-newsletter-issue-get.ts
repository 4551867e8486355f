import { Issues } from "@site/core/newsletter/issues/index";
import { adminRoute, ok } from "../lib/http";

/** One issue with its Markdown body; 404 `Issue not found`. */
export const handler = adminRoute(async (req) => ok(await Issues.get(req.param("id"))));
