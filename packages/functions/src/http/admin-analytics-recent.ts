import { Analytics } from "@site/core/analytics";
import { adminRoute, ok } from "../lib/http";

/** The 10 most recent page views, newest first: `{items: [{at, ip (truncated), location, device, browser, os, path}]}`. */
export const handler = adminRoute(async () => ok({ items: await Analytics.recentVisits() }));
