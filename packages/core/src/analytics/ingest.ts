import { settings } from "../config";
import { RateLimit, TooManyAttempts } from "../ratelimit";
import type { RequestMetadata } from "../request/metadata";
import { addToAggregates } from "./aggregates";
import { dayOf } from "./calendar";
import { contribution } from "./counts";
import { deriveHit, hostOf } from "./derive";
import { dropReason, type DropReason } from "./drop";
import { logHit } from "./event-log";
import type { AnalyticsEvent } from "./input";
import { saltSource, type SaltSource } from "./salt";
import { networkOf } from "./truncate-ip";
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

/** The rate-limit scope of the beacon's hits, per network (the truncated IP). */
export const RATE_SCOPE = "beacon";

/**
 * One beacon hit: dropped (bot, prefetch, admin page, no user agent), or logged and counted. A hit
 * first counts in its network's window (BEACON_RATE_LIMIT_PER_MINUTE, one conditional update);
 * beyond the limit nothing else is written ("rate-limited"). A page view then claims the visitor's marker for the day (so the unique count rises once per visitor),
 * then the raw item and the aggregate updates go out together: 4 writes for an event, 7 for a page
 * view (plus 2 per referrer, UTM source and UTM campaign it carries, more the first time a shard
 * sees a value, and while a value waits for its third network: `admission.ts`). See docs/architecture.md
 * "Analytics" for what that costs.
 */
export async function collect(hit: AnalyticsEvent, request: HitRequest, options: CollectOptions = {}): Promise<"counted" | "rate-limited" | DropReason> {
  const reason = dropReason(hit, request.meta.userAgent, request.headers);
  if (reason) return reason;
  const at = options.now ?? new Date();
  const derived = deriveHit(hit, request.meta, hostOf(settings().SITE_URL));
  try {
    await RateLimit.consume(RATE_SCOPE, networkOf(derived.ip), settings().BEACON_RATE_LIMIT_PER_MINUTE);
  } catch (err) {
    if (err instanceof TooManyAttempts) return "rate-limited";
    throw err;
  }
  const day = dayOf(at);
  const salt = await (options.salts ?? processSalts).forDay(day, at);
  const visitor = visitorId(salt, request.meta.ipAddress, request.meta.userAgent);
  const firstVisitOfDay = derived.kind === "pageview" && (await markVisit(day, visitor));
  await Promise.all([logHit(at, derived, visitor), addToAggregates(at, contribution(derived, firstVisitOfDay))]);
  return "counted";
}
