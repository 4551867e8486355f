import { countShardUpdate, indexCreation, indexRemoval, randomShard } from "../collection/count-shards";
import { ONE_PART } from "../collection/index-definition";
import { Keys } from "../db/keys";
import { declaredIndex } from "../kinds/declared-index";
import type { Info } from "./info";
import { REPORT_RECORD, toRow } from "./record";

/**
 * The admin report index (collection/index-definition.ts): one item per report, written in the
 * report's transaction (and by imports), deleted with it. pk `REPIDX#<bucket>`, sk = report id, the
 * row's other fields packed into `r`. Beside them, the reports' count (shards `REPORTS/COUNT#k`, as a
 * petition's). Reports have one part: all of them.
 */
export const {
  COLLECTION,
  layout,
  ORDERS,
  NAME_SEARCH,
  encodeRow,
  decodeRow,
  rowItem: indexItemOfRow,
  indexItem,
} = declaredIndex(REPORT_RECORD.admin, {
  collection: REPORT_RECORD.plural,
  type: "reportIndex",
  parts: { partition: Keys.reportIndexPartition, searchPart: Keys.reportIndexPart },
  fields: REPORT_RECORD.admin.fields,
  toRow,
  // a missing amount is stored as "" and read back as null
  fromStored: (row) => ((row.amountLost as unknown) === "" ? { ...row, amountLost: null } : row),
});

export const PART = ONE_PART;
export const indexKey = (reportId: string) => layout.key(PART, reportId);

/** ADD `n` (negative to subtract) to one count shard. */
export const countUpdate = (n: number, shard = randomShard()) => countShardUpdate(Keys.reportCountShard(shard), "reportCount", n);

/** What a new report's transaction writes for the admin list: its index row and +1 on a count shard. */
export const creationItems = (report: Info) => indexCreation(indexItem(report), countUpdate(1));

/** What a report's removal deletes and changes beside the report's own items. */
export const removalItems = (report: Pick<Info, "id">) => indexRemoval(indexKey(report.id), countUpdate(-1));
