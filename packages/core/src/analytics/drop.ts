import { isbot } from "isbot";
import type { AnalyticsEvent } from "./input";
import { isAdminPath } from "./site-routes";

export type DropReason = "bot" | "prefetch" | "admin" | "no-user-agent";

type Headers = Record<string, string | undefined>;

/**
 * Headers that mark a speculative load nobody has seen yet: `Sec-Purpose: prefetch` (and
 * `prefetch;prerender`), `Purpose: prefetch`, `X-Purpose: preview` (Safari), `X-Moz: prefetch` (Firefox).
 */
export function isPrefetch(headers: Headers): boolean {
  const h = (name: string) => (headers[name] ?? "").toLowerCase();
  return /\bprefetch\b/.test(h("sec-purpose")) || /\bprefetch\b/.test(h("purpose")) || /\bpreview\b/.test(h("x-purpose")) || /\bprefetch\b/.test(h("x-moz"));
}

/** Why a hit is not counted, or undefined to count it. Header names are lower-case, as API Gateway gives them. */
export function dropReason(hit: AnalyticsEvent, userAgent: string, headers: Headers): DropReason | undefined {
  if (isAdminPath(hit.p)) return "admin";
  if (!userAgent.trim()) return "no-user-agent";
  if (isbot(userAgent)) return "bot";
  if (isPrefetch(headers)) return "prefetch";
  return undefined;
}
