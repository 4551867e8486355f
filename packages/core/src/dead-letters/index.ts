export * as DeadLetters from "./index";

import { GetCommand, PutCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { send } from "../bus";
import { db, table } from "../db/client";
import { updateIf } from "../db/conditional";
import { Keys, expiresIn } from "../db/keys";
import type { DeadLetter } from "./info";
import { NotFoundError, VisibleError } from "../util/error";
import { isSortableId, sortableId } from "../util/id";

export type { DeadLetter } from "./info";

/**
 * The side effects that failed every retry (docs/architecture.md "Faults"): an event's delivery to
 * a subscriber, or a batch of the table's stream. The local bus records one when it gives up;
 * deployed, the dead-letter queue's recorder does (functions/src/events/dead-letter-recorder.ts).
 * An administrator re-drives a subscriber's from the console: the event is published again with its
 * stable id, so the subscriber that failed runs it and every other one skips it (their `once()`
 * markers are completed). Kept as long as SQS keeps a dead letter (14 days).
 */
const KEEP_FOR_SECONDS = 14 * 24 * 3600;
/** The error as recorded: enough to recognise it, never a whole stack. */
const ERROR_MAX = 500;
/** The panel's list: the newest this many (a healthy site has none). */
export const LISTED = 100;

export interface Failure {
  source: DeadLetter["source"];
  target: string;
  detailType?: string;
  eventId?: string;
  /** the event's properties, to publish it again */
  detail?: unknown;
  error: unknown;
}

export async function record(failure: Failure): Promise<DeadLetter> {
  const letter: DeadLetter = {
    id: sortableId(),
    at: new Date().toISOString(),
    source: failure.source,
    target: failure.target,
    ...(failure.detailType ? { detailType: failure.detailType } : {}),
    ...(failure.eventId ? { eventId: failure.eventId } : {}),
    error: String(failure.error instanceof Error ? failure.error.message : failure.error).slice(0, ERROR_MAX),
    state: "waiting",
  };
  await db().send(
    new PutCommand({
      TableName: table(),
      Item: { ...Keys.deadLetter(letter.id), type: "deadLetter", ...letter, detail: failure.detail ?? null, expiresAt: expiresIn(KEEP_FOR_SECONDS) },
    }),
  );
  return letter;
}

const toLetter = ({ pk: _pk, sk: _sk, type: _type, detail: _detail, expiresAt: _expires, ...rest }: Record<string, unknown>) => rest as unknown as DeadLetter;

/** The newest LISTED dead letters, newest first, and how many of them wait. */
export async function list(): Promise<{ waiting: number; items: DeadLetter[] }> {
  const res = await db().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: "pk = :pk",
      ExpressionAttributeValues: { ":pk": Keys.deadLetterPartition },
      ScanIndexForward: false,
      Limit: LISTED,
      ConsistentRead: true,
    }),
  );
  const items = (res.Items ?? []).map(toLetter);
  return { waiting: items.filter((l) => l.state === "waiting").length, items };
}

export class DeadLetterNotFound extends NotFoundError {
  constructor() {
    super("dead_letter.not_found", "No such side effect is waiting");
  }
}

export class NotRedrivable extends VisibleError {
  constructor(why: "redriven" | "manual") {
    super(
      409,
      `dead_letter.${why}`,
      why === "redriven"
        ? "This side effect was re-driven already"
        : "This one is re-run by hand (a stream batch, or an AWS service's event): see the operations guide",
    );
  }
}

/**
 * Publishes the dead letter's event again (same stable id, so each subscriber's `once()` decides) and
 * marks it re-driven, once: a second re-drive is a NotRedrivable. The mark is written only if it
 * still waits, after the publish: a publish that fails leaves it waiting, to be tried again.
 */
export async function redrive(id: string, by: string): Promise<DeadLetter> {
  if (!isSortableId(id)) throw new DeadLetterNotFound();
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: Keys.deadLetter(id), ConsistentRead: true }));
  if (!Item) throw new DeadLetterNotFound();
  const letter = toLetter(Item);
  if (letter.state !== "waiting") throw new NotRedrivable("redriven");
  if (letter.source !== "subscriber" || !letter.detailType || !letter.eventId) throw new NotRedrivable("manual");
  await send([{ id: letter.eventId, type: letter.detailType, detail: Item.detail }]);
  const redrivenAt = new Date().toISOString();
  const marked = await updateIf({
    Key: Keys.deadLetter(id),
    UpdateExpression: "SET #state = :redriven, redrivenAt = :at, redrivenBy = :by",
    ConditionExpression: "#state = :waiting",
    ExpressionAttributeNames: { "#state": "state" },
    ExpressionAttributeValues: { ":redriven": "redriven", ":waiting": "waiting", ":at": redrivenAt, ":by": by },
  });
  if (!marked) throw new NotRedrivable("redriven");
  return { ...letter, state: "redriven", redrivenAt, redrivenBy: by };
}
