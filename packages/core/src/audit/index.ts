export * as Audit from "./index";

import { QueryCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { z } from "zod";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { VisibleError } from "../util/error";
import { sortableId } from "../util/id";

export const ACTIONS = [
  "petition.goal_changed",
  "petition.deleted",
  "signature.deleted",
  "signatures.deleted_all",
  "signatures.exported",
  "signatures.synced",
] as const;
export type Action = (typeof ACTIONS)[number];

export interface Entry {
  id: string;
  /** ISO UTC, when the action (or its first chunk) ran */
  at: string;
  /** the administrator's e-mail (or username) */
  actor: string;
  action: Action;
  /** what it touched: a petition id, "petition/signature", "all petitions", ... */
  target: string;
  /** how many rows it touched (summed over the chunks of one operation) */
  rows: number;
}

/** Chunked operations (delete-all, petition delete, export pages) name themselves with this id. */
export const OperationId = z.string().regex(/^[0-9a-z]{21}$/, "Unknown operation");

export class UnknownOperation extends VisibleError {
  constructor() {
    super(400, "audit.unknown_operation", "Unknown operation");
  }
}

export interface RecordInput {
  action: Action;
  actor: string;
  target: string;
  rows: number;
  /** Adds `rows` to this operation's entry (created on first use) instead of recording a new one. */
  operationId?: string;
}

/**
 * Records an admin action. One entry per operation: later chunks of the same operationId add their
 * rows to it (an id used by another kind of action is refused).
 */
export async function record(input: RecordInput): Promise<Entry> {
  const id = input.operationId ?? sortableId();
  try {
    const res = await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: Keys.audit(id),
        UpdateExpression:
          "SET #type = :type, #id = :id, #at = if_not_exists(#at, :at), #actor = if_not_exists(#actor, :actor), #action = :action, #target = if_not_exists(#target, :target) ADD #rows :rows",
        ConditionExpression: "attribute_not_exists(pk) OR #action = :action",
        ExpressionAttributeNames: { "#type": "type", "#id": "id", "#at": "at", "#actor": "actor", "#action": "action", "#target": "target", "#rows": "rows" },
        ExpressionAttributeValues: {
          ":type": "audit",
          ":id": id,
          ":at": new Date().toISOString(),
          ":actor": input.actor,
          ":action": input.action,
          ":target": input.target,
          ":rows": input.rows,
        },
        ReturnValues: "ALL_NEW",
      }),
    );
    return toEntry(res.Attributes!);
  } catch (err) {
    if ((err as Error).name === "ConditionalCheckFailedException") throw new UnknownOperation();
    throw err;
  }
}

const toEntry = (item: Record<string, unknown>): Entry => ({
  id: item.id as string,
  at: item.at as string,
  actor: item.actor as string,
  action: item.action as Action,
  target: item.target as string,
  rows: Number(item.rows ?? 0),
});

export const ListQuery = z.object({
  limit: z.coerce.number({ error: "Limit must be a whole number" }).int("Limit must be a whole number").min(1, "Limit must be at least 1").max(100, "Limit must be at most 100").default(20),
});

/** Newest first (entry ids are time-sortable). */
export async function list(limit = 20): Promise<Entry[]> {
  const res = await db().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: "pk = :pk AND begins_with(sk, :prefix)",
      ExpressionAttributeValues: { ":pk": Keys.auditPartition, ":prefix": Keys.auditPrefix },
      ScanIndexForward: false,
      Limit: limit,
      ConsistentRead: true,
    }),
  );
  return (res.Items ?? []).map(toEntry);
}
