import { z } from "zod";
import { Alerts } from "@site/core/alerts";
import { adminRoute, ok } from "../lib/http";

const ListQuery = z.object({ cursor: z.string().max(300, "Unknown cursor").optional() });

/** `GET /api/admin/scam-alerts?cursor=`: every alert, published or not, newest first, 50 a page → `{alerts, next}`. */
export const handler = adminRoute(async (req) => {
  const { cursor } = req.query(ListQuery);
  const page = await Alerts.listAll(cursor);
  return ok({ alerts: page.alerts.map(Alerts.adminView), next: page.next });
});
