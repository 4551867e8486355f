import type { countShardUpdate } from "../collection/count-shards";
import { ONE_PART } from "../collection/index-definition";
import { deleteAll, deleteInTransaction, indexCountFrom, indexVictims, type ChunkedDeleteDef } from "../collection/delete-all";
import type { IndexLayout } from "../collection/index-rows";
import { settings } from "../config";
import { table } from "../db/client";
import { advanceWatermark, watermark } from "../db/retention";
import type { KindName, RetentionStep, TimeBudget } from "../policy/personal-record";
import { cutoff } from "../policy/retention";
import { sortableIdFloor } from "../util/id";

/** Per deletion transaction: the record and its index row each, and the count update, within 100 items. */
const PER_TRANSACTION = 49;

export interface RetentionParts {
  name: KindName;
  /** what the run's result counts them as: the kind's name for several, for people */
  counted: string;
  years: number;
  layout: IndexLayout;
  key: (id: string) => { pk: string; sk: string };
  countUpdate: (n: number, shard: number) => ReturnType<typeof countShardUpdate>;
  count: () => Promise<number>;
  /** the spreadsheet tabs that show the records */
  tabs: string[];
}

/**
 * A kind's part of the daily retention job (privacy/retention-job.ts): the records made more than
 * `years` before the run are deleted through a chunked delete-all (collection/delete-all.ts) whose
 * start is that cut-off, each with its index row, the count exact. A watermark (db/retention.ts) per
 * kind records the last finished pass, and a pass whose cut-off is not above it has nothing to do.
 */
export function kindRetention(parts: RetentionParts) {
  const partitions = parts.layout.partitions(ONE_PART);
  const chunked: ChunkedDeleteDef<{ id: string }> = {
    groupSize: PER_TRANSACTION,
    parts: () => [ONE_PART],
    victims: (_part, limit, beforeId) => indexVictims(partitions, (id) => ({ id }), limit, beforeId),
    deleteGroup: (_part, group, index) =>
      deleteInTransaction(group, {
        record: ({ id }) => ({ Delete: { TableName: table(), Key: parts.key(id), ConditionExpression: "attribute_exists(pk)" } }),
        companions: ({ id }) => [{ Delete: { TableName: table(), Key: parts.layout.key(ONE_PART, id) } }],
        totals: (n, attempt) => [parts.countUpdate(-n, (index + attempt) % settings().COUNTER_SHARDS)],
      }),
    remaining: async (_part, beforeId) => (await parts.count()) - (await indexCountFrom(partitions, beforeId)),
  };

  /** Deletes what was made before `before`, chunk after chunk while the run has time; answers how many. */
  async function deleteBefore(before: Date, now: Date, time: TimeBudget): Promise<number> {
    const beforeId = sortableIdFloor(before.getTime());
    if ((await watermark(parts.name)) >= beforeId) return 0;
    let deleted = 0;
    while (!time.over()) {
      const chunk = await deleteAll(chunked, undefined, before.toISOString());
      deleted += chunk.deleted;
      if (chunk.done || chunk.deleted === 0) {
        await advanceWatermark(parts.name, beforeId, now);
        break;
      }
    }
    return deleted;
  }

  return async (now: Date, time: TimeBudget): Promise<RetentionStep> => {
    const deleted = await deleteBefore(cutoff(parts.years, now), now, time);
    return { counts: {}, removed: { [parts.counted]: deleted }, tabs: deleted > 0 ? parts.tabs : [] };
  };
}
