export * as Outbox from "./index";

import { DeleteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { z } from "zod";
import { Bus } from "../bus";
import { db, table } from "../db/client";
import { Keys, OUTBOX_PARTITIONS } from "../db/keys";
import { queryPages } from "../db/query";
import { errorAttributes, log } from "../log";
import { sortableId, sortableIdFloor } from "../util/id";
import { pacer } from "../util/pacing";
import { settings } from "../config";

/**
 * The transactional outbox. A domain write that has side effects records its event in the same
 * transaction (`put`), so the event exists exactly when the data does. After the commit the
 * handler publishes it at once (the fast path, carrying the stable id); the bus delivery then
 * acknowledges it (`acknowledge`, which deletes the item). Whatever is still here after a grace
 * period was never handed over (the process died, PutEvents failed) and `sweep` publishes it
 * again. Subscribers key their effects on the stable id, so a republished event has no second effect.
 *
 * Items: pk `OUTBOX#<FNV-1a(id) mod OUTBOX_PARTITIONS>`, sk the event id (time-sortable), so a
 * burst spreads over partitions and the sweeper reads only what is older than the grace period.
 */

/** Long enough for the fast path and its acknowledgement; short enough that a lost e-mail is late by minutes. */
export const DEFAULT_GRACE_MS = 60_000;

/** A new event with its stable id, parsed with its definition's schema. */
export function record<S extends z.ZodType>(def: Bus.EventDefinition<S>, detail: z.input<S>, now = Date.now()): Bus.Published<z.output<S>> {
  return { id: sortableId(now), type: def.type, detail: def.schema.parse(detail) };
}

/** The outbox item, as one Put of the domain's TransactWriteItems. */
export function put(event: Bus.Published) {
  return {
    Put: {
      TableName: table(),
      Item: { ...Keys.outbox(event.id), type: "outbox", eventType: event.type, detail: event.detail },
    },
  };
}

/** The bus has the event: its outbox item is done with. */
export async function acknowledge(eventId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: table(), Key: Keys.outbox(eventId) }));
}

/**
 * After the sweep republishes an event, it waits this long before the next try, doubling with each
 * try up to MAX_SWEEP_BACKOFF_MS: an event whose delivery keeps failing (a subscriber that throws,
 * a rule that is gone) is not republished every minute for ever.
 */
export const FIRST_SWEEP_BACKOFF_MS = 60_000;
export const MAX_SWEEP_BACKOFF_MS = 6 * 60 * 60_000;

/** When the sweep may publish an event again after its `attempts`-th republication. */
export const nextSweepAt = (now: number, attempts: number) => now + Math.min(MAX_SWEEP_BACKOFF_MS, FIRST_SWEEP_BACKOFF_MS * 2 ** (attempts - 1));

export interface SweepResult {
  /** Events handed to the bus again. */
  republished: number;
  /** Events the bus refused this time (logged; the next sweep tries again). */
  failed: number;
}

/** Events one PutEvents request carries. */
const PUT_EVENTS_ENTRIES = 10;

/**
 * Publishes again the outbox items older than the grace period whose back-off has passed, partition
 * by partition, page by page, and sets each one's next try (nextSweepAt): at most `maxEvents` a run
 * (OUTBOX_SWEEP_MAX_PER_RUN), at most `perSecond` a second (OUTBOX_SWEEP_RATE_PER_SECOND), so a
 * backlog left by an overload is republished at a pace the bus and its subscribers take.
 */
export async function sweep(opts: { graceMs?: number; now?: number; maxEvents?: number; perSecond?: number } = {}): Promise<SweepResult> {
  const now = opts.now ?? Date.now();
  const before = sortableIdFloor(now - (opts.graceMs ?? DEFAULT_GRACE_MS));
  const result: SweepResult = { republished: 0, failed: 0 };
  let budget = opts.maxEvents ?? settings().OUTBOX_SWEEP_MAX_PER_RUN;
  const slot = pacer((opts.perSecond ?? settings().OUTBOX_SWEEP_RATE_PER_SECOND) / PUT_EVENTS_ENTRIES);
  await Promise.all(
    Array.from({ length: OUTBOX_PARTITIONS }, async (_, n) => {
      const pages = queryPages({
        TableName: table(),
        KeyConditionExpression: "pk = :pk AND sk < :before",
        FilterExpression: "attribute_not_exists(sweepAfter) OR sweepAfter <= :now",
        ExpressionAttributeValues: { ":pk": Keys.outboxPartition(n), ":before": before, ":now": now },
        Limit: PUT_EVENTS_ENTRIES * 10,
      });
      for await (const page of pages) {
        for (let i = 0; i < (page.Items ?? []).length && budget > 0; i += PUT_EVENTS_ENTRIES) {
          const items = (page.Items ?? []).slice(i, i + Math.min(PUT_EVENTS_ENTRIES, budget));
          budget -= items.length;
          await slot();
          const events = items.map((item) => ({ id: String(item.sk), type: String(item.eventType), detail: item.detail }));
          try {
            await Bus.send(events);
            result.republished += events.length;
            await Promise.all(items.map((item) => backOff(String(item.sk), Number(item.sweepAttempts ?? 0) + 1, now)));
          } catch (err) {
            result.failed += events.length;
            log.error("outbox sweep could not publish", { partition: n, events: events.length, ...errorAttributes(err) });
          }
        }
        if (budget <= 0) break;
      }
    }),
  );
  if (result.republished || result.failed) log.warn("outbox sweep republished events", { ...result });
  return result;
}

/** Records a republication; an item the delivery acknowledged (deleted) meanwhile stays deleted. */
async function backOff(eventId: string, attempts: number, now: number): Promise<void> {
  await db()
    .send(
      new UpdateCommand({
        TableName: table(),
        Key: Keys.outbox(eventId),
        UpdateExpression: "SET sweepAttempts = :attempts, sweepAfter = :after",
        ConditionExpression: "attribute_exists(pk)",
        ExpressionAttributeValues: { ":attempts": attempts, ":after": nextSweepAt(now, attempts) },
      }),
    )
    .catch((err: unknown) => {
      if ((err as { name?: string }).name !== "ConditionalCheckFailedException") throw err;
    });
}
