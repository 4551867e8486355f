import { Analytics } from "@site/core/analytics";
import { adminRoute, ok } from "../lib/http";

/** `/admin/analytics`: `?range=24h|7d|30d|custom&from&to` → `AnalyticsReport`, from the aggregates only. */
export const handler = adminRoute(async (req) => ok(await Analytics.report(req.query(Analytics.AnalyticsQuery))));
