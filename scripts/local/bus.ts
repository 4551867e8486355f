import { Bus } from "@site/core/bus";
import { subscribers } from "../../packages/functions/src/subscribers";
import { lambdaContext, loadHandler } from "./handlers";

/** Delays before each retry, like EventBridge's retry policy but compressed for a laptop. */
const RETRY_DELAYS_MS = [200, 1000, 3000];

export interface LocalBus {
  /** Resolves when every delivery started so far has finished (succeeded or given up). */
  idle(): Promise<void>;
  failures: { subscriber: string; eventId: string; error: string }[];
}

/**
 * The in-process stand-in for EventBridge: each published event goes, after the publishing request
 * has returned, to every subscriber of its detail type — the same handler modules the rules target —
 * with retries.
 */
export function installLocalBus(): LocalBus {
  const pending = new Set<Promise<void>>();
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

  Bus.deliverLocallyWith((envelope) => {
    for (const sub of subscribers.filter((s) => s.detailType === envelope["detail-type"])) {
      const p = new Promise<void>((r) => setImmediate(r)).then(() => deliver(envelope, sub));
      pending.add(p);
      p.finally(() => pending.delete(p));
    }
  });

  return {
    failures,
    async idle() {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}
