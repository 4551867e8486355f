import { countShardUpdate, indexCreation, indexRemoval, randomShard } from "../collection/count-shards";
import { ONE_PART, defineIndex } from "../collection/index-definition";
import { amountOrder, idOrder, lastWordKey, textOrder, valueOrder } from "../collection/orders";
import { INDEX_BUCKETS, Keys } from "../db/keys";
import type { Info } from "./info";
import { toRow, type ReportRow } from "./row";
import { STATUSES } from "./status";

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
} = defineIndex({
  collection: "reports",
  type: "reportIndex",
  buckets: INDEX_BUCKETS,
  parts: { partition: Keys.reportIndexPartition, searchPart: Keys.reportIndexPart },
  fields: [
    ["reference", "status"],
    ["fullName", "email", "city", "state"],
    ["scammerName", "companyName", "scamTypes", "moneyLost", "speakWithTeam", "amountLost", "dateOccurred", "evidenceCount"],
    ["createdDate", "createdTime", "createdAt"],
  ],
  // the list's sort orders: the id's, and one slot each for the others (collection/orders.ts); no amount sorts below $0
  orders: {
    createdAt: idOrder<ReportRow>(),
    dateOccurred: valueOrder<ReportRow>(1, (r) => r.dateOccurred),
    fullName: textOrder<ReportRow>(2, (r) => r.fullName),
    scammerName: textOrder<ReportRow>(3, (r) => r.scammerName),
    companyName: textOrder<ReportRow>(4, (r) => r.companyName),
    amountLost: amountOrder<ReportRow>(5, (r) => r.amountLost),
    status: valueOrder<ReportRow>(6, (r) => String(STATUSES.indexOf(r.status)).padStart(2, "0")),
  },
  // search-only keys: the reporter's and the scammer's names from their last word, the reporter's e-mail
  searchKeys: {
    fullNameLast: lastWordKey<ReportRow>(7, (r) => r.fullName),
    scammerNameLast: lastWordKey<ReportRow>(8, (r) => r.scammerName),
    email: textOrder<ReportRow>(9, (r) => r.email),
  },
  // a name search matches the reporter's, the scammer's and the company's names and the reporter's e-mail from the start
  nameSearch: (k) => [k.fullName, k.fullNameLast, k.scammerName, k.scammerNameLast, k.companyName, k.email],
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
