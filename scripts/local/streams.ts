import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type Shard,
  type _Record,
} from "@aws-sdk/client-dynamodb-streams";
import { DescribeTableCommand, DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { settings } from "@site/core/config";
import { table } from "@site/core/db/client";
import { errorAttributes, log } from "@site/core/log";
import { MailDrain } from "@site/core/mail-drain";
import { matchesAny, type StreamRecord } from "@site/core/streams/records";
import { streamConsumers, type StreamConsumer } from "../../packages/functions/src/streams";
import { lambdaContext, loadHandler } from "./handlers";
import { invocation } from "./usage-log";
import { streamCheckpoints } from "./stream-checkpoints";
import { captureWrites } from "./write-stream";
import { DeadLetters } from "@site/core/dead-letters";

/**
 * The local stand-in for Lambda's event source mappings on the table's stream: it hands each
 * consumer of packages/functions/src/streams.ts the records its filters match, in order, in batches of
 * its `batchSize` gathered for at most its `windowSeconds` (LOCAL_STREAM_WINDOW_MS shortens the
 * window for the tests). A failed batch is given again after a pause, as Lambda retries it; after the
 * last retry it is given up and recorded, as Lambda's on-failure destination would. While the API
 * serves requests a batch waits, at most MAX_DEFER_MS, like the local bus's deliveries.
 *
 * Where the records come from (`source`): `table`, DynamoDB Local's real stream of the table `table()`
 * names (`npm start`, the browser tests, the benchmarks: one table each); `writes`, this process's
 * own writes (the integration tests, write-stream.ts says why).
 */
export const RETRY_DELAYS_MS = [200, 1000, 3000, 10_000];
/** Idle polls start this far apart and slow down to IDLE_POLL_MAX_MS while nothing comes; a record brings them back. */
const POLL_MS = 40;
const IDLE_POLL_MAX_MS = 200;
const FLOWING_POLL_MS = 20;
/**
 * While the API serves requests its batches wait anyway (MAX_DEFER_MS): reading faster than this
 * would only take DynamoDB Local's time from the requests (each GetRecords costs it about a GetItem).
 */
const BUSY_POLL_MS = 250;
/** Shards are listed again at most this often (a new shard appears when DynamoDB Local splits or rolls one). */
const SHARD_LIST_MS = 1000;
const MAX_DEFER_MS = 1000;

export interface LocalStreams {
  /** Resolves once every record written before the call has been handed over (or given up) and the mail queue's drain it nudged is done. */
  idle(): Promise<void>;
  /** Records read and not yet handed over, or being handed over. */
  backlog(): number;
  failures: { consumer: string; records: number; error: string }[];
  stop(): void;
}

interface ConsumerState {
  consumer: StreamConsumer;
  waiting: { record: StreamRecord; at: number }[];
  delivering: number;
}

interface ShardState {
  iterator?: string;
  done: boolean;
}

/**
 * Every reader of this process, kept on the global object: a test runner that loads this module again
 * for each test file in one process (vitest isolates files so) still finds the readers earlier files
 * left running.
 */
const running: Set<LocalStreams> = ((globalThis as { __localStreams?: Set<LocalStreams> }).__localStreams ??= new Set());

/** Stops every reader of this process (the tests' setup file calls it before and after each file). */
export function stopAllLocalStreams(): void {
  for (const r of running) r.stop();
}

const windowMsOf = (c: StreamConsumer) => {
  const local = Number(process.env.LOCAL_STREAM_WINDOW_MS);
  return Number.isFinite(local) && process.env.LOCAL_STREAM_WINDOW_MS ? local : c.windowSeconds * 1000;
};

/** A record as Lambda hands it: the stream's record with its stream's ARN. */
const asLambdaRecord = (r: _Record, arn: string): StreamRecord =>
  ({
    eventID: r.eventID!,
    eventName: r.eventName as StreamRecord["eventName"],
    eventSource: "aws:dynamodb",
    eventSourceARN: arn,
    dynamodb: {
      Keys: r.dynamodb?.Keys,
      NewImage: r.dynamodb?.NewImage,
      OldImage: r.dynamodb?.OldImage,
      SequenceNumber: r.dynamodb!.SequenceNumber!,
      ApproximateCreationDateTime: r.dynamodb?.ApproximateCreationDateTime ? r.dynamodb.ApproximateCreationDateTime.getTime() / 1000 : undefined,
    },
  }) as StreamRecord;

export function installLocalStreams(opts: { busy?: () => boolean; source?: "table" | "writes"; checkpointFile?: string } = {}): LocalStreams {
  const busy = opts.busy ?? (() => false);
  const checkpoints = streamCheckpoints(opts.checkpointFile);
  const source = opts.source ?? "table";
  const failures: LocalStreams["failures"] = [];
  const consumers: ConsumerState[] = streamConsumers.map((consumer) => ({ consumer, waiting: [], delivering: 0 }));
  let stopped = false;
  let bound: { table: string; arn: string } | undefined;
  const shards = new Map<string, ShardState>();
  let lastEmptyPassAt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let clients: { ddb: DynamoDBClient; streams: DynamoDBStreamsClient; endpoint: string } | undefined;

  const clientsFor = () => {
    const endpoint = settings().DYNAMODB_ENDPOINT ?? "";
    if (!clients || clients.endpoint !== endpoint) {
      const config = { region: settings().AWS_REGION, endpoint, credentials: { accessKeyId: "local", secretAccessKey: "local" } };
      clients = { ddb: new DynamoDBClient(config), streams: new DynamoDBStreamsClient(config), endpoint };
    }
    return clients;
  };

  /** The stream of the table `table()` names now; a switch of tables starts the new one from its beginning. */
  async function bind(): Promise<boolean> {
    let name: string;
    try {
      name = table();
    } catch {
      return false;
    }
    if (bound?.table === name) return true;
    shardsListedAt = -Infinity;
    const described = await clientsFor().ddb.send(new DescribeTableCommand({ TableName: name }));
    const arn = described.Table?.LatestStreamArn;
    if (!arn) return false;
    bound = { table: name, arn };
    readShardsAgain();
    return true;
  }

  /** Forgets the shards and what waits: the next pass lists them again and reads each from its checkpoint. */
  function readShardsAgain(): void {
    shardsListedAt = -Infinity;
    shards.clear();
    for (const c of consumers) c.waiting = [];
  }

  let shardsListedAt = -Infinity;
  async function refreshShards(): Promise<void> {
    const now = performance.now();
    if (now - shardsListedAt < SHARD_LIST_MS && [...shards.values()].some((s) => !s.done)) return;
    shardsListedAt = now;
    const { StreamDescription } = await clientsFor().streams.send(new DescribeStreamCommand({ StreamArn: bound!.arn }));
    // turned off (provision.ts withoutStream, an operator's UpdateTable): once read to its end, the
    // table is described again, and a new stream read from its start when there is one
    if (StreamDescription?.StreamStatus === "DISABLED" && [...shards.values()].every((s) => s.done)) bound = undefined;
    for (const shard of StreamDescription?.Shards ?? []) if (!shards.has(shard.ShardId!)) shards.set(shard.ShardId!, { done: false, ...parentOf(shard) });
  }
  const parentOf = (shard: Shard) => ({ parent: shard.ParentShardId });

  /** A shard is read once its parent (if still known) has been read to its end: a key's records stay in order. */
  const readable = (id: string) => {
    const parent = (shards.get(id) as ShardState & { parent?: string }).parent;
    return !parent || !shards.has(parent) || shards.get(parent)!.done;
  };

  /** One pass over the open shards; answers how many records it read. */
  async function readPass(): Promise<number> {
    if (!(await bind())) return 0;
    await refreshShards();
    if (!bound) return 0; // its stream was turned off: the next pass binds the table's new one
    let read = 0;
    for (const [id, shard] of shards) {
      if (shard.done || !readable(id)) continue;
      const { streams } = clientsFor();
      shard.iterator ??= await firstIterator(bound!.arn, id);
      if (!shard.iterator) {
        shard.done = true;
        continue;
      }
      const res = await streams.send(new GetRecordsCommand({ ShardIterator: shard.iterator, Limit: 1000 }));
      shard.iterator = res.NextShardIterator;
      if (!shard.iterator) shard.done = true;
      for (const r of res.Records ?? []) {
        accept(asLambdaRecord(r, bound!.arn));
        checkpoints.read(bound!.arn, id, r.dynamodb!.SequenceNumber!);
        read++;
      }
    }
    return read;
  }

  /** Where a shard is read from: after its checkpoint (a restarted stack), else its start; its start again when the checkpoint's record has expired. */
  async function firstIterator(arn: string, shardId: string): Promise<string | undefined> {
    const { streams } = clientsFor();
    const after = checkpoints.of(arn, shardId);
    const from = (type: "TRIM_HORIZON" | "AFTER_SEQUENCE_NUMBER") =>
      streams.send(
        new GetShardIteratorCommand({ StreamArn: arn, ShardId: shardId, ShardIteratorType: type, SequenceNumber: type === "TRIM_HORIZON" ? undefined : after }),
      );
    return ((after && (await from("AFTER_SEQUENCE_NUMBER").catch(() => undefined))) || (await from("TRIM_HORIZON"))).ShardIterator;
  }

  async function deliver(c: ConsumerState, batch: StreamRecord[]): Promise<void> {
    const handler = await loadHandler(c.consumer.handler);
    for (let attempt = 0; ; attempt++) {
      try {
        await invocation(c.consumer.name, "stream", () => handler({ Records: batch }, lambdaContext(c.consumer.name)), batch.length);
        return;
      } catch (err) {
        if (attempt >= RETRY_DELAYS_MS.length) {
          failures.push({ consumer: c.consumer.name, records: batch.length, error: String(err) });
          log.error("local stream gave up a batch", { consumer: c.consumer.name, records: batch.length, ...errorAttributes(err) });
          // the batch's description, as the consumer's on-failure destination gets it deployed
          await DeadLetters.record({ source: "stream", target: c.consumer.name, error: `${batch.length} records: ${String(err)}` }).catch((cause: unknown) =>
            log.error("the dead letter could not be recorded", { consumer: c.consumer.name, ...errorAttributes(cause) }),
          );
          return;
        }
        await new Promise((r) => setTimeout(r, RETRY_DELAYS_MS[attempt]));
      }
    }
  }

  /** Hands each consumer its due batch: full, or its window passed (and the API quiet, or the batch overdue). */
  function flush(): void {
    const now = performance.now();
    for (const c of consumers) {
      if (c.delivering || !c.waiting.length) continue;
      const waited = now - c.waiting[0].at;
      const due = c.waiting.length >= c.consumer.batchSize || waited >= windowMsOf(c.consumer);
      if (!due || (busy() && waited < MAX_DEFER_MS)) continue;
      const batch = c.waiting.splice(0, c.consumer.batchSize).map((w) => w.record);
      c.delivering++;
      void deliver(c, batch).finally(() => {
        c.delivering--;
        flush();
        if (source === "writes" && c.waiting.length) flushSoon();
      });
    }
  }

  let idleMs = POLL_MS;
  async function loop(): Promise<void> {
    if (stopped) return;
    let read = 0;
    const startedAt = Date.now();
    try {
      read = await readPass();
      if (read === 0) lastEmptyPassAt = startedAt;
    } catch (err) {
      if (!stopped) log.warn("local stream read failed", errorAttributes(err));
      // the table or its stream gone (dropped by a test, an emulator started afresh): describe the table
      // again. Otherwise (DynamoDB Local busy, or stopping) keep the stream: DynamoDB Local's DescribeTable
      // sums every secondary index's size over the whole table, and at a million reports held every other
      // request back for minutes after each failure (a benchmark's bulk load, 2026-12-01).
      if ((err as Error).name === "ResourceNotFoundException") bound = undefined;
      else readShardsAgain();
    }
    flush();
    // everything read so far has been handed over: a restart goes on from here
    if (backlog() === 0) checkpoints.save();
    idleMs = read ? POLL_MS : Math.min(IDLE_POLL_MAX_MS, idleMs * 1.5);
    if (!stopped) {
      // while records flow, a short pause between reads gathers them into fewer, fuller reads
      timer = setTimeout(() => void loop(), busy() ? BUSY_POLL_MS : read ? FLOWING_POLL_MS : idleMs);
      timer.unref?.();
    }
  }

  /** A record for every consumer whose filters match it. */
  function accept(record: StreamRecord, now = performance.now()): void {
    for (const c of consumers) if (matchesAny(c.consumer.filters, record)) c.waiting.push({ record, at: now });
  }

  // `writes`: records come with the writes; a timer hands over what is due until the backlog is empty
  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  const flushSoon = () => {
    if (flushTimer || stopped) return;
    flushTimer = setTimeout(() => {
      flushTimer = undefined;
      flush();
      if (consumers.some((c) => c.waiting.length)) flushSoon();
    }, POLL_MS);
    flushTimer.unref?.();
  };

  const backlog = () => consumers.reduce((n, c) => n + c.waiting.length + c.delivering, 0);
  const streams: LocalStreams = {
    failures,
    backlog,
    idle: async () => {
      const since = Date.now();
      // someone waits: poll at the fastest pace again
      idleMs = POLL_MS;
      for (;;) {
        if (stopped) return;
        if ((source === "writes" || lastEmptyPassAt >= since) && backlog() === 0) {
          await MailDrain.settled();
          if (backlog() === 0) return;
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (flushTimer) clearTimeout(flushTimer);
      stopCapture?.();
      running.delete(streams);
    },
  };
  running.add(streams);
  let stopCapture: (() => void) | undefined;
  if (source === "writes") {
    const prefixes = streamConsumers.map((c) => c.keyPrefix);
    stopCapture = captureWrites(
      (key) => prefixes.some((p) => key.pk.startsWith(p)),
      (records) => {
        for (const record of records) accept(record);
        flushSoon();
      },
    );
  } else void loop();
  return streams;
}
