import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";

/**
 * A time-sortable identifier: 9 base-36 characters of milliseconds, then 12 random ones. Items
 * keyed by it list in creation order without a separate index.
 */
export function sortableId(at = Date.now()): string {
  const time = sortableIdFloor(at);
  const bytes = randomBytes(12);
  let random = "";
  for (const b of bytes) random += ALPHABET[b % 36];
  return time + random;
}

/** Whether `value` has a sortable id's shape (what a search box may hold to name one row). */
export const isSortableId = (value: string) => /^[0-9a-z]{21}$/.test(value);

/** The time part of a sortable id made at `ms`: every id made earlier sorts below it. */
export const sortableIdFloor = (ms: number) => Math.max(0, Math.floor(ms)).toString(36).padStart(9, "0");

/** When a sortable id was made (ms since the epoch), from its time part. */
export const sortableIdTime = (id: string) => parseInt(id.slice(0, 9), 36);

/** When the id was made (ms since the epoch) if it is a sortable id; undefined for anything else. */
export const idTime = (id: string | undefined): number | undefined => (id !== undefined && isSortableId(id) ? sortableIdTime(id) : undefined);
