import { distinctCap } from "./aggregates";
import type { Bucket } from "./buckets";
import { dayOf } from "./calendar";
import { addTo, contribution, emptyCounts, type BucketCounts } from "./counts";
import { hitsOfDay, type LoggedHit } from "./event-log";

/**
 * The counters of buckets recomputed from the raw hits alone (within their 90 days): what the
 * aggregates must equal. A visitor counts in the bucket of their earliest page view of the New
 * York day, as the day's marker does on ingest; a bucket's referrers, sources and campaigns are
 * capped as on ingest (`distinctCap`). A `BucketSource`: `report(query, { source: recount })`
 * is the report as the raw hits say it should be.
 */
export async function recount(buckets: Bucket[]): Promise<BucketCounts[]> {
  const days = [...new Set(buckets.map((b) => (b.granularity === "D" ? b.key : dayOf(b.start))))];
  const byDay = new Map(await Promise.all(days.map(async (day) => [day, withFirstVisits(await hitsOfDay(day))] as const)));
  return buckets.map((bucket) => {
    const counts = emptyCounts();
    const cap = distinctCap();
    const day = bucket.granularity === "D" ? bucket.key : dayOf(bucket.start);
    for (const { hit, first } of byDay.get(day)!) {
      const at = Date.parse(hit.at);
      if (at >= bucket.start.getTime() && at < bucket.end.getTime()) addTo(counts, cap(contribution(hit, first)));
    }
    return counts;
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
