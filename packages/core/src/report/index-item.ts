import { indexLayout, packedCodec } from "../collection/index-rows";
import { noteListChanged as notePartChanged } from "../collection/epochs";
import { settings } from "../config";
import { table } from "../db/client";
import { INDEX_BUCKETS, Keys } from "../db/keys";
import type { Info } from "./index";
import { toRow, type ReportRow } from "./row";

/**
 * The admin report index (collection/index-rows.ts): one item per report, written in the report's
 * transaction (and by imports), deleted with it. pk `REPIDX#<bucket>`, sk = report id, the row's
 * other fields packed into `r`. Beside them, the reports' count (shards `REPORTS/COUNT#k`, as a
 * petition's) and revision (`REPORTS/META`), which the collection's version check reads.
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

export const indexItem = (report: Info) => layout.item(PART, report.id, encodeRow(toRow(report)));
export const indexItemOfRow = (row: ReportRow) => layout.item(PART, row.id, encodeRow(row));

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

/** Increments the reports' revision: a change other than an addition (a deletion, a status). */
export function revisionUpdate() {
  return {
    Update: {
      TableName: table(),
      Key: Keys.reportsMeta(),
      UpdateExpression: "ADD revision :one SET #type = :type",
      ExpressionAttributeNames: { "#type": "type" },
      ExpressionAttributeValues: { ":one": 1, ":type": "reportsMeta" },
    },
  };
}

/** What a new report's transaction writes for the admin list: its index row and +1 on a count shard. */
export function creationItems(report: Info) {
  return [{ Put: { TableName: table(), Item: indexItem(report) } }, countUpdate(1)];
}

/** What a report's removal deletes and changes beside the report's own items. */
export function removalItems(report: Pick<Info, "id">) {
  return [{ Delete: { TableName: table(), Key: indexKey(report.id) } }, countUpdate(-1), revisionUpdate()];
}

/** A write by this process to the reports: its listing cache re-checks at once. */
export const noteListChanged = () => notePartChanged(COLLECTION, PART);
