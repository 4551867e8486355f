import { Bus } from "@site/core/bus";
import { subscribers } from "../../packages/functions/src/subscribers";
import { lambdaContext, loadHandler } from "./handlers";

/** Delays before each retry, like EventBridge's retry policy but compressed for a laptop. */
const RETRY_DELAYS_MS = [200, 1000, 3000];
/**
 * Deliveries run at most this many at a time, in order, and start only while no API request is in
 * flight (`busy`). Deployed, subscribers are separate Lambdas that never slow the API; locally they
 * share one DynamoDB Local, so a burst of visitors is served first and its side effects follow as
 * soon as the burst ends, as an asynchronous queue would deliver them. One visitor's e-mails go out
 * right after their response.
 */
const CONCURRENT_DELIVERIES = 2;

export interface LocalBus {
  /** Resolves when every delivery started so far has finished (succeeded or given up). */
  idle(): Promise<void>;
  failures: { subscriber: string; eventId: string; error: string }[];
  /** Deliveries waiting or running. */
  backlog(): number;
  /** Tells the bus the API may have gone idle, so waiting deliveries can start. */
  kick(): void;
}

/**
 * The in-process stand-in for EventBridge: each published event goes, after the publishing request
 * has returned, to every subscriber of its detail type — the same handler modules the rules target —
 * with retries.
 */
export function installLocalBus(busy: () => boolean = () => false): LocalBus {
  const failures: LocalBus["failures"] = [];

  const deliver = async (envelope: Bus.Envelope, sub: (typeof subscribers)[number]) => {
    const handler = await loadHandler(sub.handler);
    for (let attempt = 0; ; attempt++) {
      try {
        await handler(envelope, lambdaContext(sub.name));
        return;
      } catch (err) {
        if (attempt >= RETRY_DELAYS_MS.length) {
          failures.push({ subscriber: sub.name, eventId: envelope.id, error: String(err) });
          console.error(`[bus] ${sub.name} gave up on ${envelope.id}: ${err}`);
          return;
        }
        await new Promise((r) => setTimeout(r, RETRY_DELAYS_MS[attempt]));
      }
    }
  };

  const queue: (() => Promise<void>)[] = [];
  let running = 0;
  let settled: (() => void)[] = [];
  const pump = () => {
    while (running < CONCURRENT_DELIVERIES && queue.length && !busy()) {
      const job = queue.shift()!;
      running++;
      job().finally(() => {
        running--;
        pump();
        if (running === 0 && queue.length === 0) {
          for (const resolve of settled) resolve();
          settled = [];
        }
      });
    }
  };

  Bus.deliverLocallyWith((envelope) => {
    for (const sub of subscribers.filter((s) => s.detailType === envelope["detail-type"])) {
      queue.push(() => deliver(envelope, sub));
    }
    // after the publishing request has had its response
    setImmediate(pump);
  });

  return {
    failures,
    idle: () => (running === 0 && queue.length === 0 ? Promise.resolve() : new Promise<void>((r) => settled.push(r))),
    backlog: () => queue.length + running,
    kick: () => setImmediate(pump),
  };
}
