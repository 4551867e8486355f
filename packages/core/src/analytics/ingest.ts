import { settings } from "../config";
import type { RequestMetadata } from "../request/metadata";
import { addToAggregates } from "./aggregates";
import { dayOf } from "./calendar";
import { contribution } from "./counts";
import { deriveHit, hostOf } from "./derive";
import { dropReason, type DropReason } from "./drop";
import { logHit } from "./event-log";
import type { AnalyticsEvent } from "./input";
import { saltSource, type SaltSource } from "./salt";
import { markVisit, visitorId } from "./visitor";

export interface HitRequest {
  meta: RequestMetadata;
  /** The request's headers, names lower-case (prefetch markers). */
  headers: Record<string, string | undefined>;
}

export interface CollectOptions {
  /** The hit's time; tests and seeding replay past days with it (the salt of a day is refused once that day is over). */
  now?: Date;
  salts?: SaltSource;
}

const processSalts = saltSource();

/**
 * One beacon hit: dropped (bot, prefetch, admin page, no user agent), or logged and counted. A page
 * view first claims the visitor's marker for the day (so the unique count rises once per visitor),
 * then the raw item and the aggregate updates go out together: 3 writes for an event, 6 for a page
 * view (plus 2 per referrer, UTM source and UTM campaign it carries). See docs/architecture.md
 * "Analytics" for what that costs.
 */
export async function collect(hit: AnalyticsEvent, request: HitRequest, options: CollectOptions = {}): Promise<"counted" | DropReason> {
  const reason = dropReason(hit, request.meta.userAgent, request.headers);
  if (reason) return reason;
  const at = options.now ?? new Date();
  const derived = deriveHit(hit, request.meta, hostOf(settings().SITE_URL));
  const day = dayOf(at);
  const salt = await (options.salts ?? processSalts).forDay(day, at);
  const visitor = visitorId(salt, request.meta.ipAddress, request.meta.userAgent);
  const firstVisitOfDay = derived.kind === "pageview" && (await markVisit(day, visitor));
  await Promise.all([logHit(at, derived, visitor), addToAggregates(at, contribution(derived, firstVisitOfDay))]);
  return "counted";
}
