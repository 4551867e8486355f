import { count, counts, forgetShards } from "./shards";

/**
 * The counts a signing or confirming process answers its signer with: its own consistent reads of the
 * counter shards, shared and spaced under a surge, plus the signatures it took since, so a burst of
 * signers does not read every shard once each.
 */

interface CountRead {
  startedAt: number;
  result: Promise<number>;
}
const inFlight = new Map<string, CountRead>();
const queued = new Map<string, Promise<number>>();

/**
 * A consistent count this process read of a petition, when that read had answered, and how many of
 * this process's own signatures committed since from transactions sent after it answered (so the
 * read cannot have seen them).
 */
interface KnownCount {
  count: number;
  readAt: number;
  since: number;
}
/**
 * Newest first. A signer is answered from the newest one read before their transaction left; the
 * older ones serve the signers that were in flight when a newer read answered.
 */
const known = new Map<string, KnownCount[]>();
const MAX_KNOWN = 32;
const READ_SPACING_MS = 40;
/**
 * A known count older than this is refreshed in the background; twice as old, it is no longer used.
 * Every busy signing process reads every counter shard this often, so it is what a shard's reads
 * grow with at a surge's thousands of processes (docs/architecture.md "Capacity"); the count a
 * signer is answered lags the other processes' signatures by as much, as the edge-cached count the
 * pages show does by its 10 s.
 */
export const KNOWN_COUNT_MAX_AGE_MS = 5000;
/**
 * The background refresh reads eventually consistent (half the read units): a signer's own
 * signature is counted in `since`, never expected of the read; the first read, which must include
 * it, is strongly consistent.
 */
export const REFRESH_READ_UNITS_PER_SHARD = 0.5;

function startRead(id: string, consistent = true): CountRead {
  queued.delete(id);
  const read: CountRead = { startedAt: performance.now(), result: count(id, consistent) };
  inFlight.set(id, read);
  const clear = () => inFlight.get(id) === read && inFlight.delete(id);
  read.result.then((n) => {
    clear();
    const now = performance.now();
    const kept = (known.get(id) ?? []).filter((k) => now - k.readAt < 2 * KNOWN_COUNT_MAX_AGE_MS).slice(0, MAX_KNOWN - 1);
    known.set(id, [{ count: n, readAt: now, since: 0 }, ...kept]);
  }, clear);
  return read;
}

/** A consistent read, shared by concurrent callers: one that started after `writtenAt`, or the next. */
function readAfter(id: string, writtenAt: number): Promise<number> {
  const current = inFlight.get(id);
  if (current && current.startedAt >= writtenAt) return current.result;
  if (!current) return startRead(id).result;
  let next = queued.get(id);
  if (!next) {
    // Back-to-back reads under a burst start at least READ_SPACING_MS apart, so each serves more signers.
    const spaced = () => new Promise((r) => setTimeout(r, Math.max(0, current.startedAt + READ_SPACING_MS - performance.now())));
    next = current.result
      .catch(() => 0)
      .then(spaced)
      .then(() => startRead(id).result);
    queued.set(id, next);
  }
  return next;
}

/**
 * The count to answer a signer with, including their own signature: the transaction was sent at
 * `sentAt` and committed by `writtenAt` (performance.now() values). When this process read the
 * count recently, after the signer's transaction left, the answer is that count plus this
 * process's signatures since — no read, so a burst of signers on one server costs about one count
 * read a second, refreshed in the background. Otherwise a consistent read that started after the
 * commit, shared by concurrent signers. Signatures other servers took in the last second or two
 * may be missing from an answer; the signer's own never is.
 */
export function countAfter(id: string, sentAt: number, writtenAt: number): Promise<number> {
  const now = performance.now();
  const bases = known.get(id) ?? [];
  const base = bases.find((b) => sentAt > b.readAt && now - b.readAt < 2 * KNOWN_COUNT_MAX_AGE_MS);
  if (!base) return readAfter(id, writtenAt);
  base.since += 1;
  if (now - bases[0].readAt >= KNOWN_COUNT_MAX_AGE_MS && !inFlight.has(id)) startRead(id, false).result.catch(() => {});
  return Promise.resolve(base.count + base.since);
}

/** After signatures were deleted, the count this process knows is too high: read it afresh next time. */
export function forgetCount(id: string) {
  known.delete(id);
  forgetShards(id);
  confirmedCounts.delete(id);
}

/** The counts this process last read for confirmations, and its confirmations since. */
const confirmedCounts = new Map<string, { count: number; pending: number; readAt: number; since: number }>();

/**
 * The counts to answer a signer who opened their link with: read consistently (after the
 * confirmation, so including it) at most every KNOWN_COUNT_MAX_AGE_MS per process; in between, that
 * read plus this process's confirmations since (`confirmed`: this answer's own; false for a link
 * opened again). A surge's confirmations would otherwise read every counter shard each (32 read
 * units per confirmation, docs/architecture.md "Capacity").
 */
export async function countsAfterConfirmation(id: string, confirmed: boolean, now = performance.now()): Promise<{ count: number; pending: number }> {
  const cached = confirmedCounts.get(id);
  if (!cached || now - cached.readAt >= KNOWN_COUNT_MAX_AGE_MS) {
    const fresh = await counts(id, true);
    confirmedCounts.set(id, { ...fresh, readAt: now, since: 0 });
    return fresh;
  }
  if (confirmed) cached.since += 1;
  return { count: cached.count + cached.since, pending: Math.max(0, cached.pending - cached.since) };
}
