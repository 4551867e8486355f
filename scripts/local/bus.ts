import { Bus } from "@site/core/bus";
import { DeadLetters } from "@site/core/dead-letters";
import { Evidence } from "@site/core/evidence";
import { faultFor, inFaultScope } from "@site/core/faults";
import { EffectInProgress } from "@site/core/idempotency";
import { errorAttributes, log } from "@site/core/log";
import { MailDrain } from "@site/core/mail-drain";
import { Outbox } from "@site/core/outbox";
import { EVENT_SOURCE, subscribers, subscribesTo } from "../../packages/functions/src/subscribers";
import { lambdaContext, loadHandler } from "./handlers";
import { invocation, recordUsage } from "./usage-log";
import { installLocalStreams, type LocalStreams } from "./streams";
import { outboxAcknowledger } from "../../packages/functions/src/schedules";

/** Delays before each retry, like EventBridge's and Lambda's retries but compressed for a laptop. */
export const RETRY_DELAYS_MS = [200, 1000, 3000, 10_000];
/**
 * Deliveries run at most this many at a time (each mostly waits on DynamoDB Local), in order, and
 * start only while no API request is in flight (`busy`), or once they have waited MAX_DEFER_MS.
 * Deployed, subscribers are separate Lambdas that never slow the API; locally they
 * share one DynamoDB Local, so a burst of visitors is served first and its side effects follow as
 * soon as the burst ends, as an asynchronous queue would deliver them. One visitor's e-mails go out
 * right after their response.
 */
const CONCURRENT_DELIVERIES = 6;
/**
 * A delivery waits for a quiet API at most this long: under steady traffic (a crowd of visitors,
 * a browser test suite loading pages in parallel) the API may never be quiet, and side effects must
 * still follow.
 */
export const MAX_DEFER_MS = 1000;

export interface LocalBusOptions {
  /** True while the API serves requests: deliveries wait. */
  busy?: () => boolean;
  /** One retry per entry, after that many ms (default RETRY_DELAYS_MS); then the delivery gives up. */
  retryDelaysMs?: number[];
  /** How long a delivery waits for a quiet API at most (default MAX_DEFER_MS; Infinity: until `busy` is false). */
  maxDeferMs?: number;
  /**
   * Where the table's stream records come from (streams.ts): `table`, DynamoDB Local's stream (the
   * running stack); `writes` (default), this process's own writes (the integration tests).
   */
  stream?: "table" | "writes";
  /** `table`: the file keeping where the stream was read to, so a restart goes on from there (stream-checkpoints.ts) */
  streamCheckpointFile?: string;
}

export interface LocalBus {
  /** Resolves when every delivery started so far has finished (succeeded or given up). */
  idle(): Promise<void>;
  /** Deliveries that gave up after every retry: what EventBridge would send to the dead-letter queue. */
  failures: { subscriber: string; eventId: string; error: string }[];
  /** Deliveries waiting, running or waiting to retry. */
  backlog(): number;
  /** Failed attempts so far that were scheduled for a retry. */
  retried(): number;
  /** Tells the bus the API may have gone idle, so waiting deliveries can start. */
  kick(): void;
  /** The table's stream reader installed with the bus (its batches given up are in `streams.failures`). */
  streams: LocalStreams;
  /** Stops reading the stream. */
  stop(): void;
}

/**
 * What the dead-letter queue and its recorder do deployed: the delivery that gave up, for the
 * console's health panel; an event of the site's own can be re-driven from it (core/dead-letters).
 */
async function recordDeadLetter(envelope: Bus.Envelope, subscriber: string, err: unknown) {
  const own = envelope.source === EVENT_SOURCE;
  const { id, properties } = Bus.unwrap(envelope);
  await DeadLetters.record({
    source: "subscriber",
    target: subscriber,
    ...(own ? { detailType: envelope["detail-type"], eventId: id, detail: properties } : {}),
    error: err,
  }).catch((cause: unknown) => log.error("the dead letter could not be recorded", { subscriber, eventId: id, ...errorAttributes(cause) }));
}

/**
 * The in-process stand-in for EventBridge: each published event goes, after the publishing request
 * has returned, to every subscriber of its detail type — the same handler modules the rules target —
 * with retries. A retry waits outside the delivery slots, so a failing subscriber does not hold up
 * the others; a duplicate delivery that meets a live lease (EffectInProgress) waits for the lease.
 * When every subscriber of an event has had it (succeeded or given up), the event's outbox item is
 * acknowledged, as the outbox-ack rule does deployed.
 */
export function installLocalBus(opts: LocalBusOptions | (() => boolean) = {}): LocalBus {
  const {
    busy = () => false,
    retryDelaysMs = RETRY_DELAYS_MS,
    maxDeferMs = MAX_DEFER_MS,
    stream = "writes",
    streamCheckpointFile,
  } = typeof opts === "function" ? { busy: opts } : opts;
  const failures: LocalBus["failures"] = [];
  /** waiting deliveries, oldest first, with when each was queued */
  const queue: { run: () => Promise<void>; at: number }[] = [];
  const enqueue = (run: () => Promise<void>) => queue.push({ run, at: performance.now() });
  let recheck: ReturnType<typeof setTimeout> | undefined;
  let running = 0;
  let retrying = 0;
  let retried = 0;
  let settled: (() => void)[] = [];

  const backlog = () => queue.length + running + retrying;
  const settle = () => {
    if (backlog() > 0) return;
    for (const resolve of settled) resolve();
    settled = [];
  };
  const overdue = () => queue.length > 0 && performance.now() - queue[0].at >= maxDeferMs;
  const pump = () => {
    while (running < CONCURRENT_DELIVERIES && queue.length && (!busy() || overdue())) {
      const job = queue.shift()!;
      running++;
      // (a job handles its own failures: a delivery retries, then dead-letters)
      void job.run().finally(() => {
        running--;
        pump();
        settle();
      });
    }
    // still waiting for a quiet API: look again when the oldest delivery is due regardless
    if (queue.length && running < CONCURRENT_DELIVERIES && !recheck && Number.isFinite(maxDeferMs)) {
      recheck = setTimeout(
        () => {
          recheck = undefined;
          pump();
        },
        Math.max(1, maxDeferMs - (performance.now() - queue[0].at)),
      );
    }
  };

  /** One attempt; a failed one schedules the next, and `done` runs once the delivery is over. */
  const attempt = (envelope: Bus.Envelope, sub: (typeof subscribers)[number], n: number, done: () => void) => async () => {
    try {
      const handler = await loadHandler(sub.handler);
      await inFaultScope(sub.name, async () => {
        // a run's injected faults (faults/): the delivery fails before the subscriber runs, or its
        // invocation fails or times out after the subscriber's work (its `once()` markers make the retry skip it)
        if (await faultFor("bus", "delivery-fails")) throw new Error(`injected fault: the delivery to ${sub.name} failed`);
        await invocation(sub.name, "event", () => handler(envelope, lambdaContext(sub.name)));
        const fault = await faultFor("lambda");
        if (fault) throw new Error(`injected fault: ${sub.name}'s invocation ${fault === "error-after-work" ? "failed" : "timed out"} after its work`);
      });
      done();
    } catch (err) {
      if (n >= retryDelaysMs.length) {
        failures.push({ subscriber: sub.name, eventId: Bus.eventId(envelope), error: String(err) });
        log.error("local bus gave up", { subscriber: sub.name, eventId: Bus.eventId(envelope), ...errorAttributes(err) });
        await recordDeadLetter(envelope, sub.name, err);
        done();
        return;
      }
      const delay = Math.max(retryDelaysMs[n], err instanceof EffectInProgress ? err.retryInMs + 50 : 0);
      retrying++;
      retried++;
      setTimeout(() => {
        retrying--;
        enqueue(attempt(envelope, sub, n + 1, done));
        pump();
      }, delay);
    }
  };

  Bus.deliverLocallyWith((envelope) => {
    recordUsage({ kind: "event", type: envelope["detail-type"], source: envelope.source, at: Date.now() });
    const targets = subscribers.filter((s) => subscribesTo(s, envelope));
    let remaining = targets.length;
    // only the app's own events have an outbox item (an AWS service's, such as SES's, do not)
    const acknowledge = async () => {
      if (envelope.source !== EVENT_SOURCE) return;
      // deployed, the outbox-ack rule's Lambda (schedules.ts outboxAcknowledger): one invocation per event
      await invocation(outboxAcknowledger.name, "event", () => Outbox.acknowledge(Bus.eventId(envelope))).catch((err) =>
        log.error("outbox acknowledgement failed", { eventId: Bus.eventId(envelope), ...errorAttributes(err) }),
      );
    };
    // The acknowledgement counts as a delivery, so idle() also waits for it.
    const done = () => {
      if (--remaining === 0) enqueue(acknowledge);
    };
    if (remaining === 0) enqueue(acknowledge);
    for (const sub of targets) enqueue(attempt(envelope, sub, 0, done));
    // after the publishing request has had its response
    setImmediate(pump);
  });

  // the table's stream, read as Lambda's event source mappings read it (scripts/local/streams.ts)
  const streams = installLocalStreams({ busy, source: stream, checkpointFile: streamCheckpointFile });
  const busIdle = async () => {
    do {
      // the stand-in malware scanner's results are deliveries still to come (evidence/local-scanner.ts)
      await Evidence.scansSettled();
      if (backlog() > 0) await new Promise<void>((r) => settled.push(r));
      await MailDrain.settled();
    } while (backlog() > 0);
  };
  return {
    failures,
    streams,
    // the stream's batches and the deliveries (each may cause the other), then the mail queue's drain they nudged (which runs beside them, as its own Lambda would)
    idle: async () => {
      do {
        await streams.idle();
        await busIdle();
      } while (backlog() > 0 || streams.backlog() > 0);
    },
    backlog: () => backlog() + streams.backlog(),
    retried: () => retried,
    kick: () => setImmediate(pump),
    stop: () => streams.stop(),
  };
}
