import type { DerivedHit } from "./derive";
import { networkOf } from "./truncate-ip";

/**
 * The counters of one time bucket, and what one hit adds to them. The aggregates (written on
 * ingest) and the recount (from raw events) both go through `contribution`, so they count the same
 * things the same way.
 */

/** Dimensions with a small, fixed set of values: kept together in one item per bucket and shard. */
export const CORE_DIMENSIONS = ["page", "device", "browser", "os", "event"] as const;
/** Dimensions whose values are open-ended: one small item per value, so no item grows with them. */
export const VALUE_DIMENSIONS = ["location", "referrer", "source", "campaign"] as const;
export type CoreDimension = (typeof CORE_DIMENSIONS)[number];
export type ValueDimension = (typeof VALUE_DIMENSIONS)[number];
export type Dimension = CoreDimension | ValueDimension;

export interface BucketCounts {
  pageviews: number;
  events: number;
  /** Visitors first seen on their New York day in this bucket: a day's sum is its unique visitors. */
  visitors: number;
  dims: Record<Dimension, Record<string, number>>;
}

export const emptyCounts = (): BucketCounts => ({
  pageviews: 0,
  events: 0,
  visitors: 0,
  dims: { page: {}, device: {}, browser: {}, os: {}, event: {}, location: {}, referrer: {}, source: {}, campaign: {} },
});

export interface Contribution {
  pageviews: number;
  events: number;
  visitors: number;
  values: { dimension: Dimension; value: string }[];
  /** The hit's network (`networkOf` its truncated IP): who vouches for its referrer and UTM values (`admission.ts`). */
  network: string;
}

/**
 * Page views count by page, location, device, browser, OS and, when known, referrer and UTM tags;
 * events count by name only. `firstVisitOfDay`: the visitor's first page view of their day.
 */
export function contribution(hit: DerivedHit, firstVisitOfDay: boolean): Contribution {
  const network = networkOf(hit.ip);
  if (hit.kind === "event") return { pageviews: 0, events: 1, visitors: 0, values: [{ dimension: "event", value: hit.name ?? "unnamed" }], network };
  const values: Contribution["values"] = [
    { dimension: "page", value: hit.route },
    { dimension: "device", value: hit.device },
    { dimension: "browser", value: hit.browser },
    { dimension: "os", value: hit.os },
    { dimension: "location", value: hit.location },
  ];
  if (hit.referrer) values.push({ dimension: "referrer", value: hit.referrer });
  if (hit.utmSource) values.push({ dimension: "source", value: hit.utmSource });
  if (hit.utmCampaign) values.push({ dimension: "campaign", value: hit.utmCampaign });
  return { pageviews: 1, events: 0, visitors: firstVisitOfDay ? 1 : 0, values, network };
}

export const isCoreDimension = (d: string): d is CoreDimension => (CORE_DIMENSIONS as readonly string[]).includes(d);
export const isValueDimension = (d: string): d is ValueDimension => (VALUE_DIMENSIONS as readonly string[]).includes(d);

/** `counts` plus one hit's contribution (in place). */
export function addTo(counts: BucketCounts, c: Contribution): BucketCounts {
  counts.pageviews += c.pageviews;
  counts.events += c.events;
  counts.visitors += c.visitors;
  for (const { dimension, value } of c.values) counts.dims[dimension][value] = (counts.dims[dimension][value] ?? 0) + 1;
  return counts;
}

/** `into` plus `other` (in place). */
export function mergeInto(into: BucketCounts, other: BucketCounts): BucketCounts {
  into.pageviews += other.pageviews;
  into.events += other.events;
  into.visitors += other.visitors;
  for (const dimension of Object.keys(other.dims) as Dimension[]) {
    for (const [value, n] of Object.entries(other.dims[dimension])) into.dims[dimension][value] = (into.dims[dimension][value] ?? 0) + n;
  }
  return into;
}
