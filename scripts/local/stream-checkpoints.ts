import { readFileSync, renameSync, writeFileSync } from "node:fs";

/**
 * Where the local stream reader stopped, per shard, kept in a file beside a persisted table (`npm
 * start`'s .data): a restarted stack goes on after the last record its consumers were handed, as a
 * deployed event source mapping keeps its position, instead of reading the stream again from its
 * start (up to 24 hours of records: every side effect of them run again, and DynamoDB Local busy for
 * minutes). A checkpoint is written only when every record read so far has been handed over (or given
 * up), so a crash replays from the last one: at least once, as Lambda. Without a file the positions
 * are kept in memory only (the reader binding a stream again, as after a stream was turned off, goes on).
 */
export interface StreamCheckpoints {
  /** The shard's last handed-over sequence number, if this stream has one. */
  of(arn: string, shardId: string): string | undefined;
  /** Notes the last record read of a shard (saved at the next `save`). */
  read(arn: string, shardId: string, sequenceNumber: string): void;
  /** Writes what was read, once every record of it has been handed over; a no-op when nothing changed. */
  save(): void;
}

interface Stored {
  arn: string;
  shards: Record<string, string>;
}

export function streamCheckpoints(file: string | undefined): StreamCheckpoints {
  let saved: Stored | undefined;
  try {
    saved = file ? (JSON.parse(readFileSync(file, "utf8")) as Stored) : undefined;
  } catch {
    saved = undefined; // none yet, or unreadable: from the stream's start
  }
  let pending: Stored | undefined;
  return {
    of: (arn, shardId) => (saved?.arn === arn ? saved.shards[shardId] : undefined),
    read(arn, shardId, sequenceNumber) {
      pending ??= { arn, shards: saved?.arn === arn ? { ...saved.shards } : {} };
      if (pending.arn !== arn) pending = { arn, shards: {} };
      pending.shards[shardId] = sequenceNumber;
    },
    save() {
      if (!pending) return;
      const next = pending;
      pending = undefined;
      saved = next;
      if (!file) return;
      // written whole, then renamed: a crash mid-write leaves the last checkpoint
      writeFileSync(`${file}.tmp`, JSON.stringify(next));
      renameSync(`${file}.tmp`, file);
    },
  };
}
