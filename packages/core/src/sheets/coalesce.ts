import { GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "../db/client";
import { isConditionFailure, updateIf } from "../db/conditional";
import { Keys } from "../db/keys";
import { SheetsError } from "./errors";

/**
 * Coordinates the syncs of one destination tab (`tab` below: Sheets.target) across concurrent
 * Lambdas (or local deliveries) with one item (Keys.sheetSync) holding two markers:
 *
 * - `pendingSince` (epoch ms): a sync is scheduled and has not read its rows yet. Whoever sets it
 *   (a conditional update) owns the next sync; every other trigger meanwhile just returns, because
 *   that sync reads rows after their data was written.
 * - `lockedUntil` (epoch ms): a sync is running. Syncs never overlap, so an older, slower one can
 *   never finish after (and overwrite) a newer one.
 *
 * The owner waits `debounceMs` for the burst to settle, then takes the lock and clears
 * `pendingSince` in one update, before reading rows: a signature stored after that schedules a
 * new sync. Markers older than their lease count as abandoned (a crashed run), so nothing stays
 * stuck.
 */
export interface CoalesceOptions {
  debounceMs: number;
  /** Longest a run may hold the lock (≥ the function's timeout). */
  leaseMs: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const isConflict = isConditionFailure;

/** The markers, read consistently. */
async function readState(tab: string): Promise<{ pendingSince?: number; lockedUntil?: number }> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: Keys.sheetSync(tab), ConsistentRead: true }));
  return { pendingSince: Item?.pendingSince as number | undefined, lockedUntil: Item?.lockedUntil as number | undefined };
}

/** Removes our own marker; someone else's (a takeover of an abandoned one) is left alone. */
async function release(tab: string, attribute: "pendingSince" | "lockedUntil", mine: number) {
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: Keys.sheetSync(tab),
        UpdateExpression: `REMOVE ${attribute}`,
        ConditionExpression: `${attribute} = :mine`,
        ExpressionAttributeValues: { ":mine": mine },
      }),
    );
  } catch (err) {
    if (!isConflict(err)) throw err;
  }
}

/** Claims the pending marker; false when another sync is already scheduled. */
async function claimPending(tab: string, now: number, opts: CoalesceOptions): Promise<boolean> {
  return updateIf({
    Key: Keys.sheetSync(tab),
    UpdateExpression: "SET pendingSince = :now, #type = :type",
    ConditionExpression: "attribute_not_exists(pendingSince) OR pendingSince < :abandoned",
    ExpressionAttributeNames: { "#type": "type" },
    ExpressionAttributeValues: { ":now": now, ":type": "sheetSync", ":abandoned": now - opts.debounceMs - opts.leaseMs },
  });
}

/**
 * Takes the run lock, clearing `pending` (our pending marker) in the same update when given.
 * Waits while another run holds the lock; gives up after `waitMs`. Undefined when our pending
 * marker was taken over meanwhile.
 */
async function lock(tab: string, opts: CoalesceOptions, pending: number | undefined, waitMs: number): Promise<number | undefined> {
  const deadline = Date.now() + waitMs;
  for (let attempt = 0; ; attempt++) {
    const now = Date.now();
    const until = now + opts.leaseMs;
    // While another run holds the lock, wait on reads: a refused conditional write is charged a write unit
    const state = attempt > 0 ? await readState(tab) : undefined;
    // Our marker was judged abandoned and taken over: that run's sync covers this trigger.
    if (state && pending !== undefined && state.pendingSince !== pending) return undefined;
    if (state?.lockedUntil !== undefined && state.lockedUntil >= now) {
      if (Date.now() >= deadline) throw new SheetsError("another sync is still running; try again in a minute");
      await sleep(Math.max(100, Math.min(opts.debounceMs, 1000)));
      continue;
    }
    try {
      await db().send(
        new UpdateCommand({
          TableName: table(),
          Key: Keys.sheetSync(tab),
          UpdateExpression: pending === undefined ? "SET lockedUntil = :until" : "SET lockedUntil = :until REMOVE pendingSince",
          ConditionExpression: "(attribute_not_exists(lockedUntil) OR lockedUntil < :now)" + (pending === undefined ? "" : " AND pendingSince = :pending"),
          ExpressionAttributeValues: { ":until": until, ":now": now, ...(pending === undefined ? {} : { ":pending": pending }) },
        }),
      );
      return until;
    } catch (err) {
      if (!isConflict(err)) throw err;
    }
    if (pending !== undefined) {
      const { Item } = await db().send(new GetCommand({ TableName: table(), Key: Keys.sheetSync(tab), ConsistentRead: true }));
      // Our marker was judged abandoned and taken over: that run's sync covers this trigger.
      if (Item?.pendingSince !== pending) return undefined;
    }
    if (Date.now() >= deadline) throw new SheetsError("another sync is still running; try again in a minute");
    await sleep(Math.max(100, Math.min(opts.debounceMs, 1000)));
  }
}

/** Runs `sync` holding the tab's lock (no debounce): the administrator's "sync now". */
export async function exclusive<T>(tab: string, opts: CoalesceOptions & { waitMs: number }, sync: () => Promise<T>): Promise<T> {
  const until = (await lock(tab, opts, undefined, opts.waitMs))!;
  try {
    return await sync();
  } finally {
    await release(tab, "lockedUntil", until);
  }
}

/**
 * Until when a trigger in this process is covered by a scheduled sync that has not read its rows yet
 * (it reads them after its debounce), so it need not write the marker item again: every signer's
 * trigger would otherwise be a (failing) conditional write to one item, a hot key under a surge.
 * One write per process per debounce remains. A 200 ms margin absorbs clock skew between hosts.
 */
const coveredUntil = new Map<string, number>();
/** When the scheduled sync this process knows of reads its rows (its pending marker plus the debounce). */
const readsAt = new Map<string, number>();
const cover = (tab: string, pendingSince: number, opts: CoalesceOptions) => {
  readsAt.set(tab, pendingSince + opts.debounceMs);
  coveredUntil.set(tab, pendingSince + opts.debounceMs - Math.min(200, opts.debounceMs / 4));
};
/** This process's claim in flight per tab: concurrent triggers wait for it instead of writing too. */
const claiming = new Map<string, Promise<void>>();

/** Claims the pending marker (true), or learns when the sync that holds it reads its rows (false). */
async function claimOrCover(tab: string, pending: number, opts: CoalesceOptions): Promise<boolean> {
  if (await claimPending(tab, pending, opts)) {
    cover(tab, pending, opts);
    return true;
  }
  const { Item } = await db().send(
    new GetCommand({ TableName: table(), Key: Keys.sheetSync(tab), ConsistentRead: true, ProjectionExpression: "pendingSince" }),
  );
  if (typeof Item?.pendingSince === "number") cover(tab, Item.pendingSince, opts);
  return false;
}

/**
 * One sync for a burst of triggers: resolves `{ ran: false }` when a scheduled sync will cover this
 * trigger, else runs `sync` after the debounce and resolves its result. Throws when `sync` throws,
 * after releasing both markers, so the caller's retry schedules a fresh sync.
 */
export async function coalesced<T>(tab: string, opts: CoalesceOptions, sync: () => Promise<T>): Promise<{ ran: false } | { ran: true; result: T }> {
  // a claim of this process in flight: wait for it, then see whether it covers this trigger too
  await claiming.get(tab);
  if (Date.now() < (coveredUntil.get(tab) ?? 0)) return { ran: false };
  // The known sync is about to read its rows: let it take the lock (which clears its marker), then
  // claim the next one, rather than write a claim that would only be refused.
  const readAt = readsAt.get(tab) ?? 0;
  if (Date.now() < readAt + 100) await sleep(readAt + 100 - Date.now());
  await claiming.get(tab);
  if (Date.now() < (coveredUntil.get(tab) ?? 0)) return { ran: false };
  const pending = Date.now();
  const claim = claimOrCover(tab, pending, opts);
  claiming.set(
    tab,
    claim.then(
      () => undefined,
      () => undefined,
    ),
  );
  const mine = await claim.finally(() => claiming.delete(tab));
  if (!mine) return { ran: false };
  let until: number | undefined;
  try {
    await sleep(opts.debounceMs);
    until = await lock(tab, opts, pending, opts.leaseMs);
  } catch (err) {
    coveredUntil.delete(tab);
    readsAt.delete(tab);
    await release(tab, "pendingSince", pending);
    throw err;
  }
  if (until === undefined) return { ran: false };
  try {
    return { ran: true, result: await sync() };
  } catch (err) {
    // the bus retries this trigger: it must schedule a fresh sync, not count itself covered
    coveredUntil.delete(tab);
    readsAt.delete(tab);
    throw err;
  } finally {
    await release(tab, "lockedUntil", until);
  }
}
