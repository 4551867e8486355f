export * as Idempotency from "./index";

import { randomUUID } from "node:crypto";
import { DeleteCommand, GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "../db/client";
import { isConditionFailure, updateIf } from "../db/conditional";
import { Keys, expiresIn } from "../db/keys";

const KEEP_FOR_SECONDS = 7 * 24 * 3600;

/**
 * Another attempt holds a live lease on this effect (it is running it right now, or crashed less
 * than a lease ago). Thrown, not skipped: the bus retries later, and by then the effect is either
 * completed (the retry skips it) or the lease has expired (the retry takes it over and runs it).
 */
export class EffectInProgress extends Error {
  constructor(
    public readonly subscriber: string,
    public readonly eventId: string,
    public readonly retryInMs: number,
  ) {
    super(`${subscriber} is already running the effect of event ${eventId} (lease ends in ${retryInMs} ms)`);
    this.name = "EffectInProgress";
  }
}

export interface OnceOptions {
  /** How long an attempt owns the effect: at least the subscriber's timeout, so only a dead attempt loses it. */
  leaseMs: number;
}

/**
 * Runs `effect` once in effect per (subscriber, event id), despite retries, duplicate deliveries and
 * crashes. The marker (Keys.effect) is a lease, not a flag:
 *
 * - claim: `state = running`, `inProgressUntil = now + lease`, a token naming this attempt; allowed
 *   when there is no marker or the previous attempt's lease has expired (it crashed or timed out);
 * - a live lease of another attempt: throws EffectInProgress, so the caller's retry comes back later;
 * - the effect succeeded: `state = completed`; every later attempt returns "skipped";
 * - the effect failed: the lease is released (only if still ours) and the error rethrown.
 *
 * An attempt that dies between the effect and "completed" leaves a lease that expires, and the
 * retry runs the effect again: at-least-once, which is the only honest promise for an e-mail.
 */
export async function once(subscriber: string, eventId: string, effect: () => Promise<void>, opts: OnceOptions): Promise<"ran" | "skipped"> {
  const Key = Keys.effect(subscriber, eventId);
  const token = randomUUID();
  const now = Date.now();
  const claimed = await updateIf({
    Key,
    UpdateExpression: "SET #type = :type, #state = :running, inProgressUntil = :until, #token = :token, #at = :at, expiresAt = :expires",
    ConditionExpression: "attribute_not_exists(pk) OR (#state = :running AND inProgressUntil < :now)",
    ExpressionAttributeNames: { "#type": "type", "#state": "state", "#token": "token", "#at": "at" },
    ExpressionAttributeValues: {
      ":type": "effect",
      ":running": "running",
      ":until": now + opts.leaseMs,
      ":token": token,
      ":at": new Date(now).toISOString(),
      ":expires": expiresIn(KEEP_FOR_SECONDS),
      ":now": now,
    },
  });
  if (!claimed) {
    const { Item } = await db().send(new GetCommand({ TableName: table(), Key, ConsistentRead: true }));
    // A marker written before leases existed has no state: it was claimed and never released, so done.
    if (!Item || Item.state === "completed" || Item.state === undefined) return "skipped";
    throw new EffectInProgress(subscriber, eventId, Math.max(0, Number(Item.inProgressUntil) - now));
  }

  try {
    await effect();
  } catch (err) {
    await release(Key, token);
    throw err;
  }
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key,
      UpdateExpression: "SET #state = :completed, completedAt = :at REMOVE inProgressUntil, #token",
      ExpressionAttributeNames: { "#state": "state", "#token": "token" },
      ExpressionAttributeValues: { ":completed": "completed", ":at": new Date().toISOString() },
    }),
  );
  return "ran";
}

/** Gives the effect back after a failure, unless another attempt took the lease over meanwhile. */
async function release(Key: Record<string, string>, token: string) {
  try {
    await db().send(
      new DeleteCommand({
        TableName: table(),
        Key,
        ConditionExpression: "#token = :token",
        ExpressionAttributeNames: { "#token": "token" },
        ExpressionAttributeValues: { ":token": token },
      }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}
