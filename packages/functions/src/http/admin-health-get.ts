import { healthReport } from "@site/core/health/report";
import { adminRoute, ok } from "../lib/http";

/**
 * `GET /api/admin/health` → the console's health panel: the side effects that failed every retry
 * (newest first, with how many wait), the mail queue's backlog, today's mail against the quota, and
 * each spreadsheet tab's last sync (core/health).
 */
export const handler = adminRoute(async () => ok(await healthReport()));
