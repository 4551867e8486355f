import { batchWrite, BATCH, putAll } from "../db/batch";
import { table } from "../db/client";
import { Keys } from "../db/keys";
import { queryAll, queryPages } from "../db/query";
import { DELETION_REQUEST_RECORD_DAYS } from "../policy/retention";
import { sortableIdFloor } from "../util/id";
import { PART, decodeRow, layout, type PrivacyRequest, type PrivacyRequestRow, type StoredStatus } from "./index-item";
import type { TransactItem } from "../db/transact";

/**
 * The deletion requests' count cards, kept with the writes: every request is counted under the UTC
 * day it was made, by stored status (`PRIVACY`/`COUNT#<day>`), in the same transaction as its writes
 * (requests.ts `requestWrites`). Requests live DELETION_REQUEST_RECORD_DAYS from the time they were
 * made, so the cards sum the days still kept (one query of at most ~730 small items) and read only
 * the rows of the day the retention limit falls in; a TTL deletion needs no counter. Requests are
 * few (a per-address and per-client limit), so one partition takes their writes.
 */

const DAY_MS = 86_400_000;
export const RETENTION_MS = DELETION_REQUEST_RECORD_DAYS * DAY_MS;

/** The UTC day of an ISO time or epoch ms: `2026-11-26`. */
export const dayOf = (at: string | number) => new Date(at).toISOString().slice(0, 10);

/** Kept a day past the last request of its day, then removed by TTL. */
const dayExpiry = (day: string) => (Date.parse(day) + DAY_MS + RETENTION_MS + DAY_MS) / 1000;

function update(day: string, deltas: [StoredStatus, number][]): TransactItem {
  return {
    Update: {
      TableName: table(),
      Key: Keys.privacyCountDay(day),
      UpdateExpression: `ADD ${deltas.map((_, i) => `#s${i} :d${i}`).join(", ")} SET expiresAt = :exp`,
      ExpressionAttributeNames: { ...Object.fromEntries(deltas.map(([status], i) => [`#s${i}`, status])) },
      ExpressionAttributeValues: { ":exp": dayExpiry(day), ...Object.fromEntries(deltas.map(([, delta], i) => [`:d${i}`, delta])) },
    },
  };
}

/** The counter update of a request written in status `req.status`, from `was` (undefined: a new request). */
export function counterWrites(req: PrivacyRequest, was: StoredStatus | undefined): TransactItem[] {
  if (was === req.status) return [];
  const deltas: [StoredStatus, number][] = [[req.status, 1]];
  if (was) deltas.push([was, -1]);
  return [update(dayOf(req.requestedAt), deltas)];
}

/** The stored-status counts of the days from `fromDay` on. */
export async function countedDays(fromDay: string): Promise<Record<StoredStatus, number>> {
  const [from, to] = Keys.privacyCountDaysFrom(fromDay);
  const items = await queryAll({
    TableName: table(),
    KeyConditionExpression: "pk = :pk AND sk BETWEEN :from AND :to",
    ExpressionAttributeValues: { ":pk": Keys.privacyCountPartition, ":from": from, ":to": to },
    ConsistentRead: true,
  });
  const sum = (status: StoredStatus) => items.reduce((n, item) => n + (Number(item[status]) || 0), 0);
  return { pending: sum("pending"), confirmed: sum("confirmed"), completed: sum("completed") };
}

/** The index rows of requests whose ids lie in [from, to) (sortable ids: made in that time), a page of each partition at a time. */
export async function* rowsBetween(fromId: string, toId = "~"): AsyncGenerator<PrivacyRequestRow> {
  for (const pk of layout.partitions(PART)) {
    const pages = queryPages({
      TableName: table(),
      KeyConditionExpression: "pk = :pk AND sk BETWEEN :from AND :to",
      ExpressionAttributeValues: { ":pk": pk, ":from": fromId, ":to": toId },
      ProjectionExpression: "sk, r",
      ConsistentRead: true,
    });
    for await (const page of pages) for (const item of page.Items ?? []) yield decodeRow(PART, String(item.sk), String(item.r));
  }
}

/**
 * Sets the counters from the index rows, read a page at a time (`npm run job:count-backfill`): once
 * for a table from before the counters, or to repair them. Request writes meanwhile may be lost from
 * the counts: run it while the site is quiet. Answers how many requests it counted.
 */
export async function recount(now = Date.now()): Promise<number> {
  const days = new Map<string, Record<StoredStatus, number>>();
  let counted = 0;
  for await (const row of rowsBetween(sortableIdFloor(0))) {
    if (Date.parse(row.requestedAt) + RETENTION_MS <= now) continue;
    const day = dayOf(row.requestedAt);
    const counts = days.get(day) ?? { pending: 0, confirmed: 0, completed: 0 };
    counts[row.status]++;
    days.set(day, counts);
    counted++;
  }
  const [from, to] = Keys.privacyCountDaysFrom("");
  const stale = await queryAll({
    TableName: table(),
    KeyConditionExpression: "pk = :pk AND sk BETWEEN :from AND :to",
    ExpressionAttributeValues: { ":pk": Keys.privacyCountPartition, ":from": from, ":to": to },
    ProjectionExpression: "pk, sk",
  });
  for (let i = 0; i < stale.length; i += BATCH) await batchWrite(stale.slice(i, i + BATCH).map((Key) => ({ DeleteRequest: { Key } })));
  await putAll([...days].map(([day, counts]) => ({ ...Keys.privacyCountDay(day), ...counts, expiresAt: dayExpiry(day) })));
  return counted;
}
