import type { z } from "zod";
import type { Envelope, EventDefinition } from "@site/core/bus";
import { parse } from "@site/core/util/zod";
import { loadSecrets } from "./secrets";

/**
 * A subscriber handler: parses the detail with the event's schema and runs `impl`. It throws on
 * failure so EventBridge (or the local bus) retries it; `impl` must therefore be idempotent.
 */
export function EventHandler<S extends z.ZodType>(
  def: EventDefinition<S>,
  impl: (detail: z.output<S>, envelope: Envelope<z.output<S>>) => Promise<void>,
) {
  return async (envelope: Envelope<unknown>) => {
    await loadSecrets();
    if (envelope["detail-type"] !== def.type) throw new Error(`expected ${def.type}, got ${envelope["detail-type"]}`);
    const detail = parse(def.schema, envelope.detail);
    await impl(detail, { ...envelope, detail });
  };
}
