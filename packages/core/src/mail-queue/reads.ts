import type { Lane } from "./lanes";

/**
 * Which queue partitions a drain round reads. Reading all 80 partitions every round made a drain fed
 * a few deliveries at a time (a surge's steady trickle) cost DynamoDB about 16 queries per e-mail.
 * A round now reads every partition at most once per `FULL_READ_EVERY_MS`; in between it reads only
 * the partitions that held deliveries at the last read, and those this process enqueued into since.
 * A delivery enqueued by another process into a partition found empty waits at most one full-read
 * interval longer.
 */
export const FULL_READ_EVERY_MS = 1_000;

const id = (lane: Lane, n: number) => `${lane}#${n}`;

/** Partitions this process enqueued into since a drain last read them. */
const enqueuedHere = new Set<string>();

export function enqueued(lane: Lane, partition: number): void {
  enqueuedHere.add(id(lane, partition));
}

/** One drain's view: which partitions it found empty, and when it last read them all. */
export class PartitionReads {
  private readonly empty = new Set<string>();
  private readonly lastFullRead = new Map<Lane | "all", number>();

  /** The partitions of `lane` to read this round. */
  toRead(lane: Lane, partitions: number, full: boolean): number[] {
    const chosen: number[] = [];
    for (let n = 0; n < partitions; n++) {
      const key = id(lane, n);
      if (!full && this.empty.has(key) && !enqueuedHere.has(key)) continue;
      // forgotten before the read: an enqueue while the read is in flight marks it again
      enqueuedHere.delete(key);
      chosen.push(n);
    }
    return chosen;
  }

  /** Whether this round of `lane` (each lane's rounds run apart) reads every partition: the first round, then once per interval. */
  fullRound(lane: Lane | "all" = "all", now = performance.now()): boolean {
    if (now - (this.lastFullRead.get(lane) ?? -Infinity) < FULL_READ_EVERY_MS) return false;
    this.lastFullRead.set(lane, now);
    return true;
  }

  /** What a read found: an empty partition is skipped until the next full read or an enqueue here. */
  found(lane: Lane, partition: number, items: number): void {
    if (items === 0) this.empty.add(id(lane, partition));
    else this.empty.delete(id(lane, partition));
  }
}
