import type { Context } from "aws-lambda";
import type { z } from "zod";
import { log } from "@site/core/log";
import { Bus } from "@site/core/bus";
import { Idempotency } from "@site/core/idempotency";
import { parse } from "@site/core/util/zod";
import { subscribers } from "../subscribers";
import { loadSecrets } from "./secrets";

/**
 * A subscriber handler: parses the detail with the event's schema and runs `impl`. It throws on
 * failure so EventBridge (or the local bus) retries it; `impl` must therefore be idempotent.
 * `impl` sees `envelope.id` as the event's stable id (from the outbox), not EventBridge's delivery
 * id, so a republished event keys to the same effects as the original.
 */
export function EventHandler<S extends z.ZodType>(
  def: Bus.EventDefinition<S>,
  impl: (detail: z.output<S>, envelope: Bus.Envelope<z.output<S>>) => Promise<void>,
) {
  return async (envelope: Bus.Envelope<unknown>, context?: Context) => {
    // every log line of this invocation carries the Lambda's request id
    if (context?.awsRequestId) log.addContext(context);
    await loadSecrets();
    if (envelope["detail-type"] !== def.type) throw new Error(`expected ${def.type}, got ${envelope["detail-type"]}`);
    const { id, properties } = Bus.unwrap(envelope);
    const detail = parse(def.schema, properties);
    await impl(detail, { ...envelope, id, detail });
  };
}

/** The functions' default timeout (sst.config.ts `setDefaultFunctionProps`). */
const DEFAULT_TIMEOUT_SECONDS = 10;
/** Clock skew between the attempt that holds a lease and the one that may take it over. */
const LEASE_MARGIN_MS = 5_000;

/** An effect's lease outlives the subscriber's timeout: only an attempt that is dead can lose it. */
export function leaseMs(subscriber: string): number {
  const sub = subscribers.find((s) => s.name === subscriber);
  if (!sub) throw new Error(`unknown subscriber ${subscriber}`);
  return (sub.timeout ?? DEFAULT_TIMEOUT_SECONDS) * 1000 + LEASE_MARGIN_MS;
}

/** Runs a subscriber's effect once in effect per event (Idempotency.once, leased for the subscriber). */
export const once = (subscriber: string, event: { id: string }, effect: () => Promise<void>) =>
  Idempotency.once(subscriber, event.id, effect, { leaseMs: leaseMs(subscriber) });
