import { DeleteCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "../db/client";
import { bucketsAt } from "./buckets";
import { CAPPED_DIMENSIONS } from "./admission";
import { isValueDimension, type Contribution } from "./counts";
import { addToValue, coreUpdate, randomShard } from "./aggregate-items";
import { countCapped } from "./capped-values";
import { isClosedAt, summaryKey } from "./aggregate-reads";

/**
 * The dashboard's counters: their items (aggregate-items.ts), the capped values' admission
 * (capped-values.ts), and their reads and closed buckets' summaries (aggregate-reads.ts).
 */
export { ADMIT_NETWORKS, MAX_DISTINCT_VALUES, OTHER_VALUE } from "./admission";
export { bucketItems } from "./aggregate-items";
export { forgetClosedBuckets, isClosedAt, readAggregates, summarizeRecent } from "./aggregate-reads";

/**
 * Adds a hit at `at` to its hour and its day: one UpdateItem per bucket, plus one per open-ended
 * value. A hit replayed into a bucket already over (tests, seeding: live hits are timed now) also
 * drops that bucket's summary, which no longer holds every hit.
 */
export async function addToAggregates(at: Date, c: Contribution): Promise<void> {
  const buckets = bucketsAt(at);
  const writes = buckets.flatMap((bucket) => {
    const shard = randomShard();
    const openValues = c.values.filter((v) => isValueDimension(v.dimension));
    return [
      db().send(coreUpdate(bucket, shard, c)),
      ...openValues.map((v) =>
        CAPPED_DIMENSIONS.includes(v.dimension) ? countCapped(bucket, shard, v.dimension, v.value, c.network) : addToValue(bucket, shard, v.dimension, v.value),
      ),
    ];
  });
  const stale = buckets.filter((b) => isClosedAt(b, Date.now())).map((b) => db().send(new DeleteCommand({ TableName: table(), Key: summaryKey(b) })));
  await Promise.all([...writes, ...stale]);
}
