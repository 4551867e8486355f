import { Issues } from "@site/core/newsletter/issues/index";
import { adminRoute, ok } from "../lib/http";

/** How many subscribers a send started now would go to: `{confirmed}`. */
export const handler = adminRoute(async () => ok({ confirmed: await Issues.audienceCount(new Date().toISOString()) }));
