import { z } from "zod";
import { Alerts } from "@site/core/alerts";
import { adminRoute, ok } from "../lib/http";

const LookupsQuery = z.object({
  days: z.coerce
    .number({ error: "Days must be a whole number" })
    .int("Days must be a whole number")
    .min(1, "Days must be at least 1")
    .max(366, "Days must be at most 366")
    .default(30),
});

/** `GET /api/admin/scam-alert-lookups?days=30`: the public lookups by New York day (found, not found) and the alerts most looked up (the dashboard). */
export const handler = adminRoute(async (req) => ok(await Alerts.lookupReport(req.query(LookupsQuery).days)));
