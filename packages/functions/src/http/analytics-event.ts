import { Analytics } from "@site/core/analytics";
import { publicRoute } from "../lib/http";

/**
 * The beacon's hit: `{t, n?, p, r?}`, JSON sent by `navigator.sendBeacon` as text/plain
 * or as application/json, at most 2 KB. 204 without a body whether the hit was counted or dropped
 * (bot, prefetch, admin page), so the caller learns nothing; a malformed hit is a 400.
 */
export const handler = publicRoute(
  async (req) => {
    const hit = req.body(Analytics.AnalyticsEvent);
    await Analytics.collect(hit, { meta: req.meta, headers: req.event.headers ?? {} });
    return { statusCode: 204, headers: { "cache-control": "no-store" } };
  },
  { maxBodyBytes: Analytics.MAX_EVENT_BYTES, acceptsTextJson: true },
);
