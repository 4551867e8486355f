import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "./client";
import { updateIf } from "./conditional";
import { Keys } from "./keys";

/**
 * The retention passes' watermarks (privacy/retention-job.ts runs the passes): one item per kind
 * holding the cut-off id of its last pass that finished, every record with an id below it already
 * deleted or anonymised, so the next pass reads only `watermark <= sk < cutoff` instead of from the
 * beginning. A pass moves it only once it has finished, and only forward: a pass that fails or runs
 * out of time part-way leaves it where the last whole pass put it.
 */

/** The id below which the kind's records are done ("" before its first finished pass). */
export async function watermark(kind: string): Promise<string> {
  const res = await db().send(new GetCommand({ TableName: table(), Key: Keys.retentionWatermark(kind), ConsistentRead: true }));
  return typeof res.Item?.through === "string" ? res.Item.through : "";
}

/** Records that a pass finished everything below `through`; never moves the watermark back. */
export async function advanceWatermark(kind: string, through: string, at: Date): Promise<void> {
  await updateIf({
    Key: Keys.retentionWatermark(kind),
    UpdateExpression: "SET #type = :type, through = :through, updatedAt = :at",
    ConditionExpression: "attribute_not_exists(through) OR through < :through",
    ExpressionAttributeNames: { "#type": "type" },
    ExpressionAttributeValues: { ":type": "retentionWatermark", ":through": through, ":at": at.toISOString() },
  });
}

/**
 * A key condition on a time-sortable sort key for `from <= sk < before` (`from` "" for no lower
 * bound). BETWEEN includes its upper end: a row whose id is exactly `before` is the caller's to skip.
 */
export function idWindow(from: string, before: string): { condition: string; values: Record<string, string> } {
  if (!from) return { condition: "pk = :pk AND sk < :before", values: { ":before": before } };
  return { condition: "pk = :pk AND sk BETWEEN :from AND :before", values: { ":from": from, ":before": before } };
}
