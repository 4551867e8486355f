import { distinctCap } from "./admission";
import type { Bucket } from "./buckets";
import { dayOf } from "./calendar";
import { addTo, contribution, emptyCounts, type BucketCounts } from "./counts";
import { hitsOfDay, type LoggedHit } from "./event-log";

/**
 * The counters of buckets recomputed from the raw hits alone (within their 90 days): what the
 * aggregates must equal. A visitor counts in the bucket of their earliest page view of the New
 * York day, as the day's marker does on ingest; a bucket's referrers, sources and campaigns are
 * admitted and capped as on ingest (`distinctCap`: three networks, at most 200 per bucket). A `BucketSource`: `report(query, { source: recount })`
 * is the report as the raw hits say it should be.
 */
export async function recount(buckets: Bucket[]): Promise<BucketCounts[]> {
  const days = [...new Set(buckets.map((b) => (b.granularity === "D" ? b.key : dayOf(b.start))))];
  const byDay = new Map(await Promise.all(days.map(async (day) => [day, withFirstVisits(await hitsOfDay(day))] as const)));
  return buckets.map((bucket) => {
    const day = bucket.granularity === "D" ? bucket.key : dayOf(bucket.start);
    const inBucket = byDay.get(day)!.filter(({ hit }) => {
      const at = Date.parse(hit.at);
      return at >= bucket.start.getTime() && at < bucket.end.getTime();
    });
    return distinctCap(inBucket.map(({ hit, first }) => contribution(hit, first))).reduce((counts, c) => addTo(counts, c), emptyCounts());
  });
}

/** One day's hits (in time order), each marked when it is its visitor's first page view of the day. */
function withFirstVisits(hits: LoggedHit[]): { hit: LoggedHit; first: boolean }[] {
  const seen = new Set<string>();
  return hits.map((hit) => {
    const first = hit.kind === "pageview" && !seen.has(hit.visitor);
    if (first) seen.add(hit.visitor);
    return { hit, first };
  });
}
