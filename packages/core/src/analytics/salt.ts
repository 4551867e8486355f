import { randomBytes } from "node:crypto";
import { DeleteCommand, GetCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "../db/client";
import { putIf } from "../db/conditional";
import { typedItem } from "../db/put-item";
import { Keys } from "../db/keys";
import { addDays, dayEnd } from "./calendar";
import { ANALYTICS_SALT_TTL_MARGIN_SECONDS } from "../policy/retention";

/**
 * The secret that makes a visitor id mean something for one New York day only. 32 random bytes per
 * day, made by the first hit of the day (a conditional put: concurrent first hits all take the
 * winner's), kept in its own item, never with events, and destroyed after its day: whoever creates
 * a day's salt deletes the day before's, TTL removes any left over, and a salt is never handed out
 * for a day that is over, so yesterday's visitor ids cannot be recomputed from an IP and a user agent.
 */

export const SALT_BYTES = 32;
/** How long after its day a salt's item may linger before TTL takes it (TTL itself may lag up to two days). */
const TTL_MARGIN_S = ANALYTICS_SALT_TTL_MARGIN_SECONDS;

export interface StoredSalt {
  day: string;
  salt: Buffer;
  /** ISO: the day's end; the salt is refused from then on. */
  validUntil: string;
}

/** Where salts live: the table, or memory in unit tests. */
export interface SaltStore {
  get(day: string): Promise<StoredSalt | undefined>;
  /** Stores the salt unless the day has one already; false when another writer was first. */
  putIfAbsent(salt: StoredSalt): Promise<boolean>;
  delete(day: string): Promise<void>;
}

export class SaltExpired extends Error {
  constructor(day: string) {
    super(`The visitor salt of ${day} is over and cannot be used`);
    this.name = "SaltExpired";
  }
}

export const tableSaltStore: SaltStore = {
  async get(day) {
    const res = await db().send(new GetCommand({ TableName: table(), Key: Keys.analyticsSalt(day), ConsistentRead: true }));
    const item = res.Item;
    if (!item) return undefined;
    return { day, salt: Buffer.from(item.salt as Uint8Array), validUntil: String(item.validUntil) };
  },
  async putIfAbsent(salt) {
    const end = Date.parse(salt.validUntil);
    return putIf({
      Item: typedItem(Keys.analyticsSalt(salt.day), "analyticsSalt", {
        salt: salt.salt,
        validUntil: salt.validUntil,
        // a seeded past day's salt (tests, benchmarks) lives a little while too
        expiresAt: Math.floor(Math.max(end, Date.now()) / 1000) + TTL_MARGIN_S,
      }),
      ConditionExpression: "attribute_not_exists(pk)",
    });
  },
  async delete(day) {
    await db().send(new DeleteCommand({ TableName: table(), Key: Keys.analyticsSalt(day) }));
  },
};

/** A process's salts: each fetched or made once, and wiped from memory when its day is over. */
export function saltSource(store: SaltStore = tableSaltStore) {
  const cache = new Map<string, StoredSalt>();

  const forget = (now: Date) => {
    for (const [day, entry] of cache) {
      if (Date.parse(entry.validUntil) <= now.getTime()) {
        entry.salt.fill(0);
        cache.delete(day);
      }
    }
  };

  async function fetchOrCreate(day: string): Promise<StoredSalt> {
    const stored = await store.get(day);
    if (stored) return stored;
    const fresh = { day, salt: randomBytes(SALT_BYTES), validUntil: dayEnd(day).toISOString() };
    if (await store.putIfAbsent(fresh)) {
      // The day before is over: its salt goes now rather than whenever TTL gets to it.
      await store.delete(addDays(day, -1)).catch(() => undefined);
      return fresh;
    }
    const winner = await store.get(day);
    if (!winner) throw new Error(`The visitor salt of ${day} vanished while being created`);
    return winner;
  }

  /** Concurrent first hits of a process share one fetch. */
  const pending = new Map<string, Promise<StoredSalt>>();

  return {
    /** The salt of New York day `day`, as of `now` (the hit's time); refused once the day is over. */
    async forDay(day: string, now: Date = new Date()): Promise<Buffer> {
      forget(now);
      if (dayEnd(day).getTime() <= now.getTime()) throw new SaltExpired(day);
      let entry = cache.get(day);
      if (!entry) {
        let fetching = pending.get(day);
        if (!fetching) {
          fetching = fetchOrCreate(day).finally(() => pending.delete(day));
          pending.set(day, fetching);
        }
        entry = await fetching;
        if (Date.parse(entry.validUntil) <= now.getTime()) throw new SaltExpired(day);
        cache.set(day, entry);
      }
      return entry.salt;
    },
  };
}

export type SaltSource = ReturnType<typeof saltSource>;
