import type { Contribution } from "./counts";

/**
 * Which referrers, UTM sources and UTM campaigns a bucket counts under their own name (security
 * review L10). Anyone can send the beacon any value, so a bucket counts at most MAX_DISTINCT_VALUES
 * of each, and a value takes one of those places only once ADMIT_NETWORKS different networks (the
 * truncated IP: IPv4 /24, IPv6 /48, as the beacon's per-network limit) have sent it in the bucket:
 * one network rotating addresses or user agents (new visitor ids) cannot fill the places with junk.
 * Until then its hits count as OTHER_VALUE, and on admission they are moved to the value, so an
 * admitted value counts every hit of the bucket. The ingest applies the rule with conditional
 * writes (`aggregates.ts`), the recount with `distinctCap` below: both give the same numbers.
 */

/** Distinct values a bucket counts per capped dimension: far more than a day of real traffic brings (the dashboard shows 20). */
export const MAX_DISTINCT_VALUES = 200;
/** Networks that must have sent a value in a bucket before it takes one of the bucket's places. */
export const ADMIT_NETWORKS = 3;
/** What a value not (yet) admitted counts as. */
export const OTHER_VALUE = "other";
/** The dimensions whose values come from the beacon's body (locations come from CloudFront and are not capped). */
export const CAPPED_DIMENSIONS: readonly string[] = ["referrer", "source", "campaign"];

export const isCapped = (dimension: string, value: string) => value !== OTHER_VALUE && CAPPED_DIMENSIONS.includes(dimension);

/**
 * One bucket's contributions, in the order the hits arrived, with the admission rule applied: a
 * value is admitted at the hit that brings its ADMIT_NETWORKS-th network, if the bucket has fewer
 * than MAX_DISTINCT_VALUES of its dimension then (a full bucket stays full); an admitted value keeps
 * every one of its hits, earlier ones included; the others count as OTHER_VALUE.
 */
export function distinctCap(contributions: readonly Contribution[]): Contribution[] {
  const admitted = new Map<string, Set<string>>(CAPPED_DIMENSIONS.map((d) => [d, new Set()]));
  const networks = new Map<string, Set<string>>();
  for (const c of contributions) {
    for (const { dimension, value } of c.values) {
      if (!isCapped(dimension, value)) continue;
      const places = admitted.get(dimension)!;
      if (places.has(value)) continue;
      const key = `${dimension}#${value}`;
      const seen = networks.get(key) ?? networks.set(key, new Set()).get(key)!;
      seen.add(c.network);
      if (seen.size >= ADMIT_NETWORKS && places.size < MAX_DISTINCT_VALUES) places.add(value);
    }
  }
  return contributions.map((c) => ({
    ...c,
    values: c.values.map((v) => (isCapped(v.dimension, v.value) && !admitted.get(v.dimension)!.has(v.value) ? { ...v, value: OTHER_VALUE } : v)),
  }));
}
