import type { SignatureRow } from "../signature/record";
import { inUnitedStates, stateOf, type StateCode } from "../place/us-states";

/**
 * What a delivery pack says about a petition's signatures, gathered a page of index rows at a time
 * (never every row at once): the counted signatures, by US state, by city of one chosen state, by
 * day of signing; never a name (input.ts). Pure: no I/O here.
 */

/** Where a counted signature is placed when the viewer's state was not known. */
export const UNKNOWN_STATE = "unknown";
export type StateKey = StateCode | typeof UNKNOWN_STATE;

export interface Options {
  /** The state whose cities are counted. */
  state?: StateCode;
  /**
   * The petition confirms signatures from their mailbox: only then is a row's `verified` believed
   * (signatures of petitions that did not verify were stored as `verified` before `unverified` existed).
   */
  verifies?: boolean;
}

export interface Tally {
  options: Options;
  /** signatures read from the index */
  read: number;
  /** signatures that count: all but pending (unconfirmed) ones */
  counted: number;
  /** counted signatures confirmed from their mailbox (`verifies` petitions only) */
  verified: number;
  pending: number;
  /** counted signatures from the United States */
  unitedStates: number;
  /** counted signatures from elsewhere, or from an unknown country */
  elsewhere: number;
  byState: Map<StateKey, number>;
  /** the chosen state's cities ("Unknown" for a signature without one) */
  byCity: Map<string, number>;
  /** New York dates, YYYY-MM-DD */
  byDay: Map<string, number>;
}

export function newTally(options: Options): Tally {
  return {
    options,
    read: 0,
    counted: 0,
    verified: 0,
    pending: 0,
    unitedStates: 0,
    elsewhere: 0,
    byState: new Map(),
    byCity: new Map(),
    byDay: new Map(),
  };
}

const add = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);

/** MM/DD/YYYY (the row's New York date) → YYYY-MM-DD, so days sort as text. */
export function isoDay(createdDate: string, createdAt: string): string {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(createdDate);
  return m ? `${m[3]}-${m[1]}-${m[2]}` : createdAt.slice(0, 10);
}

/** A row's status, when the verified-signatures field is there (absent: counted as before). */
const isPending = (row: SignatureRow) => (row as SignatureRow & { status?: string }).status === "pending";

/**
 * The cover's headline: "verified" only for signatures confirmed from their mailbox: all of them
 * ("N verified signatures"), none ("N signatures (e-mail not verified)"), or some.
 */
export function headline(tally: Pick<Tally, "counted" | "verified">): string {
  const n = (x: number) => x.toLocaleString("en-US");
  if (tally.counted > 0 && tally.verified === tally.counted) return `${n(tally.counted)} verified signatures`;
  if (tally.verified === 0) return `${n(tally.counted)} signatures (e-mail not verified)`;
  return `${n(tally.counted)} signatures, ${n(tally.verified)} of them verified by e-mail`;
}

/** Adds a page of index rows. */
export function addRows(tally: Tally, rows: readonly SignatureRow[]): void {
  for (const row of rows) {
    tally.read++;
    if (isPending(row)) {
      tally.pending++;
      continue;
    }
    tally.counted++;
    if (tally.options.verifies && row.status === "verified") tally.verified++;
    add(tally.byDay, isoDay(row.createdDate, row.createdAt));
    const us = inUnitedStates(row.country);
    const state: StateKey | undefined = us ? (stateOf(row.region) ?? UNKNOWN_STATE) : undefined;
    if (state) {
      tally.unitedStates++;
      add(tally.byState, state);
    } else tally.elsewhere++;
    const chosen = tally.options.state;
    if (chosen && state === chosen) add(tally.byCity, row.city.trim() || "Unknown");
  }
}

/** Entries of a count map, largest first, then by key. */
export const ranked = <K extends string>(map: Map<K, number>): [K, number][] => [...map].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));

export type Period = "day" | "week" | "month";

/** The timeline's rows: by day up to 62 days, by week (from Monday) up to 104 weeks, else by month. */
export function timeline(byDay: Map<string, number>): { period: Period; rows: [string, number][] } {
  const days = [...byDay.keys()].sort();
  if (days.length === 0) return { period: "day", rows: [] };
  const span = (Date.parse(`${days[days.length - 1]}T00:00:00Z`) - Date.parse(`${days[0]}T00:00:00Z`)) / 86_400_000 + 1;
  const period: Period = span <= 62 ? "day" : span <= 7 * 104 ? "week" : "month";
  const bucket = (day: string) => {
    if (period === "day") return day;
    if (period === "month") return day.slice(0, 7);
    const date = new Date(`${day}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
    return date.toISOString().slice(0, 10);
  };
  const rows = new Map<string, number>();
  for (const [day, n] of byDay) rows.set(bucket(day), (rows.get(bucket(day)) ?? 0) + n);
  return { period, rows: [...rows].sort((a, b) => a[0].localeCompare(b[0])) };
}
