import { queryCount, queryPages } from "../db/query";
import { table } from "../db/client";
import { idWindow } from "../db/retention";
import { decodeRow, layout } from "./index-item";
import type { SignatureRow } from "./record";

/**
 * A petition's signatures found through its admin index partitions (`SIGIDX#<petitionId>#<bucket>`,
 * sk = the signature id, time-sortable): the signatures themselves each have a partition key of
 * their own, so these rows are how deletion and retention walk them.
 */

const idRange = (fromId?: string, beforeId?: string) => {
  if (beforeId !== undefined) return idWindow(fromId ?? "", beforeId);
  if (fromId) return { condition: "pk = :pk AND sk >= :from", values: { ":from": fromId } };
  return { condition: "pk = :pk", values: {} };
};

/**
 * Rows of the petition's signatures with `fromId <= id < beforeId` (each bound optional), partition
 * by partition, oldest first within each; stops after `limit` rows.
 */
export async function* rowsBetween(petitionId: string, fromId?: string, beforeId?: string, limit = Infinity): AsyncGenerator<SignatureRow> {
  const { condition, values } = idRange(fromId, beforeId);
  let found = 0;
  for (const pk of layout.partitions(petitionId)) {
    const pages = queryPages({
      TableName: table(),
      KeyConditionExpression: condition,
      ExpressionAttributeValues: { ":pk": pk, ...values },
      ConsistentRead: true,
      ...(Number.isFinite(limit) ? { Limit: Math.max(1, limit - found) } : {}),
    });
    for await (const page of pages) {
      for (const item of page.Items ?? []) {
        // BETWEEN includes its upper bound
        if (beforeId !== undefined && String(item.sk) >= beforeId) continue;
        yield decodeRow(petitionId, String(item.sk), String(item.r));
        if (++found >= limit) return;
      }
    }
  }
}

/** Up to `limit` rows of the petition's signatures with an id below `beforeId` (all when omitted). */
export async function oldest(petitionId: string, limit: number, beforeId?: string): Promise<SignatureRow[]> {
  const rows: SignatureRow[] = [];
  for await (const row of rowsBetween(petitionId, undefined, beforeId, limit)) rows.push(row);
  return rows;
}

/** How many of the petition's signatures have an id ≥ `fromId` (signed since; all for ""). */
export async function countFrom(petitionId: string, fromId: string): Promise<number> {
  const { condition, values } = idRange(fromId);
  const counts = await Promise.all(
    layout
      .partitions(petitionId)
      .map((pk) =>
        queryCount({ TableName: table(), KeyConditionExpression: condition, ExpressionAttributeValues: { ":pk": pk, ...values }, ConsistentRead: true }),
      ),
  );
  return counts.reduce((a, b) => a + b, 0);
}
