import { describe, expect, it } from "vitest";
import { enqueued, FULL_READ_EVERY_MS, PartitionReads } from "../src/mail-queue/reads";

describe("which mail queue partitions a drain round reads", () => {
  it("reads every partition on the first round and once per interval after", () => {
    const reads = new PartitionReads();
    expect(reads.fullRound("visitor", 10_000)).toBe(true);
    expect(reads.fullRound("visitor", 10_000 + FULL_READ_EVERY_MS - 1)).toBe(false);
    // each lane's rounds run apart, each with its own interval
    expect(reads.fullRound("links", 10_000 + FULL_READ_EVERY_MS - 1)).toBe(true);
    expect(reads.fullRound("visitor", 10_000 + FULL_READ_EVERY_MS)).toBe(true);
  });

  it("skips a partition found empty until the next full read, and reads one that held deliveries", () => {
    const reads = new PartitionReads();
    expect(reads.toRead("visitor", 4, true)).toEqual([0, 1, 2, 3]);
    reads.found("visitor", 0, 0);
    reads.found("visitor", 1, 3);
    reads.found("visitor", 2, 0);
    reads.found("visitor", 3, 1);
    expect(reads.toRead("visitor", 4, false)).toEqual([1, 3]);
    expect(reads.toRead("visitor", 4, true)).toEqual([0, 1, 2, 3]);
  });

  it("reads a partition found empty again once this process enqueued into it, even during the read", () => {
    const reads = new PartitionReads();
    reads.toRead("links", 2, true);
    reads.found("links", 0, 0);
    reads.found("links", 1, 0);
    enqueued("links", 1);
    expect(reads.toRead("links", 2, false)).toEqual([1]);
    // an enqueue while that read is in flight: its empty answer does not hide the new delivery
    enqueued("links", 1);
    reads.found("links", 1, 0);
    expect(reads.toRead("links", 2, false)).toEqual([1]);
    reads.found("links", 1, 0);
    expect(reads.toRead("links", 2, false)).toEqual([]);
  });
});
