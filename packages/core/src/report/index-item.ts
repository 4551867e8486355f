import { indexLayout, packedCodec } from "../collection/index-rows";
import { nameIndex, searchAttributes } from "../collection/name-index";
import { amountOrder, idOrder, lastWordKey, orderAttributes, textOrder, valueOrder } from "../collection/orders";
import { settings } from "../config";
import { table } from "../db/client";
import { INDEX_BUCKETS, Keys } from "../db/keys";
import type { Info } from "./info";
import { toRow, type ReportRow } from "./row";
import { STATUSES } from "./status";

/**
 * The admin report index (collection/index-rows.ts): one item per report, written in the report's
 * transaction (and by imports), deleted with it. pk `REPIDX#<bucket>`, sk = report id, the row's
 * other fields packed into `r`. Beside them, the reports' count (shards `REPORTS/COUNT#k`, as a
 * petition's).
 */
const FIELDS = [
  "reference",
  "status",
  "fullName",
  "email",
  "city",
  "state",
  "scammerName",
  "companyName",
  "scamTypes",
  "moneyLost",
  "speakWithTeam",
  "amountLost",
  "dateOccurred",
  "evidenceCount",
  "createdDate",
  "createdTime",
  "createdAt",
] as const satisfies readonly (keyof ReportRow)[];

export const COLLECTION = "reports";
export const INDEX_TYPE = "reportIndex";
/** Reports have one part: all of them. */
export const PART = "all";

export const layout = indexLayout({ type: INDEX_TYPE, buckets: INDEX_BUCKETS, partition: (_part, bucket) => Keys.reportIndexPartition(bucket) });
const codec = packedCodec<ReportRow, (typeof FIELDS)[number]>(FIELDS, (_part, id) => ({ id }));

export const indexKey = (reportId: string) => layout.key(PART, reportId);
export const encodeRow = codec.encode;

/** A packed row; a missing amount is stored as "" and read back as null. */
export function decodeRow(part: string, id: string, packed: string): ReportRow {
  const row = codec.decode(part, id, packed);
  if ((row.amountLost as unknown) === "") row.amountLost = null;
  return row;
}

/** The list's sort orders: the id's, and one slot each for the others (collection/orders.ts). No amount sorts below $0. */
export const ORDERS = {
  createdAt: idOrder<ReportRow>(),
  dateOccurred: valueOrder<ReportRow>(1, (r) => r.dateOccurred),
  fullName: textOrder<ReportRow>(2, (r) => r.fullName),
  scammerName: textOrder<ReportRow>(3, (r) => r.scammerName),
  companyName: textOrder<ReportRow>(4, (r) => r.companyName),
  amountLost: amountOrder<ReportRow>(5, (r) => r.amountLost),
  status: valueOrder<ReportRow>(6, (r) => String(STATUSES.indexOf(r.status)).padStart(2, "0")),
};

/** Search-only keys: the reporter's and the scammer's names from their last word, the reporter's e-mail. */
const SEARCH_KEYS = {
  fullNameLast: lastWordKey<ReportRow>(7, (r) => r.fullName),
  scammerNameLast: lastWordKey<ReportRow>(8, (r) => r.scammerName),
  email: textOrder<ReportRow>(9, (r) => r.email),
};

/** What a name search matches from the start: the reporter's, the scammer's and the company's names, the reporter's e-mail. */
export const NAME_SEARCH = nameIndex<ReportRow>(
  () => Keys.reportIndexPart,
  [ORDERS.fullName, SEARCH_KEYS.fullNameLast, ORDERS.scammerName, SEARCH_KEYS.scammerNameLast, ORDERS.companyName, SEARCH_KEYS.email],
);

export const indexItemOfRow = (row: ReportRow) => ({
  ...layout.item(PART, row.id, encodeRow(row)),
  ...orderAttributes({ ...ORDERS, ...SEARCH_KEYS }, row),
  ...searchAttributes(NAME_SEARCH, PART, row),
});
export const indexItem = (report: Info) => indexItemOfRow(toRow(report));

/** A random count shard: concurrent reports rarely contend for one (a conflict is retried on another draw). */
export const randomShard = () => Math.floor(Math.random() * settings().COUNTER_SHARDS);

/** ADD `n` (negative to subtract) to one count shard. */
export function countUpdate(n: number, shard = randomShard()) {
  return {
    Update: {
      TableName: table(),
      Key: Keys.reportCountShard(shard),
      UpdateExpression: "ADD #count :n SET #type = :type",
      ExpressionAttributeNames: { "#count": "count", "#type": "type" },
      ExpressionAttributeValues: { ":n": n, ":type": "reportCount" },
    },
  };
}

/** What a new report's transaction writes for the admin list: its index row and +1 on a count shard. */
export function creationItems(report: Info) {
  return [{ Put: { TableName: table(), Item: indexItem(report) } }, countUpdate(1)];
}

/** What a report's removal deletes and changes beside the report's own items. */
export function removalItems(report: Pick<Info, "id">) {
  return [{ Delete: { TableName: table(), Key: indexKey(report.id) } }, countUpdate(-1)];
}
