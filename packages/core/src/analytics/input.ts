import { z } from "zod";
import { isoDay } from "../collection/filters";

/**
 * What crosses the boundary into analytics (zod only, importable by the browser): the beacon's hit
 * (`POST /api/events`) and the dashboard's query (`GET /api/admin/analytics`).
 */

/** The named events the site fires. */
export const EVENT_NAMES = ["sign_petition_main", "signature", "report_started", "report_submitted", "guide_requested"] as const;
export type EventName = (typeof EVENT_NAMES)[number];

/** The beacon's body limit (the route answers 413 above it). */
export const MAX_EVENT_BYTES = 2048;
export const MAX_PATH_LENGTH = 512;

const pathAndQuery = z
  .string({ error: "Path is required" })
  .max(MAX_PATH_LENGTH, `Path must be at most ${MAX_PATH_LENGTH} characters`)
  .refine((p) => p.startsWith("/"), "Path must start with /");

const referrer = z.string().max(MAX_PATH_LENGTH, `Referrer must be at most ${MAX_PATH_LENGTH} characters`).optional();

/**
 * One hit: `t` page view or event, `n` the event's name (required for events, ignored for page
 * views), `p` the page's path and query, `r` document.referrer.
 */
export const AnalyticsEvent = z.discriminatedUnion(
  "t",
  [
    z.object({ t: z.literal("pageview"), p: pathAndQuery, r: referrer }),
    z.object({
      t: z.literal("event"),
      n: z.enum(EVENT_NAMES, { error: `Event name must be one of ${EVENT_NAMES.join(", ")}` }),
      p: pathAndQuery,
      r: referrer,
    }),
  ],
  { error: 'Type must be "pageview" or "event"' },
);
export type AnalyticsEvent = z.infer<typeof AnalyticsEvent>;

export const RANGES = ["24h", "7d", "30d", "custom"] as const;
export type AnalyticsRange = (typeof RANGES)[number];

/** A custom range covers at most this many New York days, both ends included. */
export const MAX_CUSTOM_DAYS = 366;

/** Days since the epoch of a calendar day "YYYY-MM-DD"; NaN for anything else ("2025-02-30"). */
function dayNumber(day: string): number {
  const at = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(day) ? at.getTime() / 86_400_000 : NaN;
}

/** `?range=24h|7d|30d|custom&from=YYYY-MM-DD&to=YYYY-MM-DD` (custom: New York days, inclusive). */
export const AnalyticsQuery = z
  .object({
    range: z.enum(RANGES, { error: `Range must be one of ${RANGES.join(", ")}` }).default("24h"),
    from: isoDay("From"),
    to: isoDay("To"),
  })
  .superRefine((q, ctx) => {
    if (q.range !== "custom") return;
    if (!q.from) ctx.addIssue({ code: "custom", path: ["from"], message: "From is required for a custom range" });
    if (!q.to) ctx.addIssue({ code: "custom", path: ["to"], message: "To is required for a custom range" });
    const days = q.from && q.to ? dayNumber(q.to) - dayNumber(q.from) + 1 : NaN;
    // (a malformed day has its own message already)
    if (Number.isNaN(days)) return;
    if (days < 1) ctx.addIssue({ code: "custom", path: ["to"], message: "To must not be before From" });
    else if (days > MAX_CUSTOM_DAYS) ctx.addIssue({ code: "custom", path: ["to"], message: `A custom range covers at most ${MAX_CUSTOM_DAYS} days` });
  });
export type AnalyticsQuery = z.output<typeof AnalyticsQuery>;
