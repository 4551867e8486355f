import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "../db/client";
import { isConditionFailure, updateIf } from "../db/conditional";
import { Keys } from "../db/keys";
import { toInfo, type Info, type Progress } from "./info";

/**
 * queued → running, once: a repeated delivery of the start event finds it running (or finished)
 * and gets undefined. `leaseMs` must cover the runner's whole time limit (its Lambda timeout).
 */
export async function claim(id: string, kind: string, leaseMs: number): Promise<Info | undefined> {
  const now = Date.now();
  try {
    const res = await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: Keys.job(id),
        UpdateExpression: "SET #status = :running, startedAt = :at, leaseUntil = :lease",
        ConditionExpression: "#status = :queued AND kind = :kind AND startBy > :now",
        ExpressionAttributeNames: { "#status": "status" },
        ExpressionAttributeValues: {
          ":running": "running",
          ":queued": "queued",
          ":kind": kind,
          ":at": new Date(now).toISOString(),
          ":lease": now + leaseMs,
          ":now": now,
        },
        ReturnValues: "ALL_NEW",
      }),
    );
    return toInfo(res.Attributes!);
  } catch (err) {
    if (isConditionFailure(err)) return undefined;
    throw err;
  }
}

/** Updates a running job's progress (a job no longer running is left as it is). */
export async function report(id: string, progress: Progress): Promise<void> {
  await settle(id, "SET progress = :progress", { ":progress": progress });
}

/** Updates a job only while it is running, so a late or repeated write never reopens a finished one. */
async function settle(id: string, update: string, values: Record<string, unknown>, names: Record<string, string> = {}): Promise<boolean> {
  return updateIf({
    Key: Keys.job(id),
    UpdateExpression: update,
    ConditionExpression: "#status = :running",
    ExpressionAttributeNames: { "#status": "status", ...names },
    ExpressionAttributeValues: { ":running": "running", ...values },
  });
}

export function finish(id: string, result: Record<string, unknown>, progress: Progress): Promise<boolean> {
  return settle(
    id,
    "SET #status = :done, finishedAt = :at, #result = :result, progress = :progress REMOVE leaseUntil",
    { ":done": "done", ":at": new Date().toISOString(), ":result": result, ":progress": progress },
    { "#result": "result" },
  );
}

export function fail(id: string, reason: string): Promise<boolean> {
  return settle(
    id,
    "SET #status = :failed, finishedAt = :at, #error = :error REMOVE leaseUntil",
    { ":failed": "failed", ":at": new Date().toISOString(), ":error": reason },
    { "#error": "error" },
  );
}
