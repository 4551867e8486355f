export * as Bus from "./index";

import { randomUUID } from "node:crypto";
import { EventBridgeClient, PutEventsCommand } from "@aws-sdk/client-eventbridge";
import { z } from "zod";
import { settings } from "../config";
import { EVENT_SOURCE } from "./source";
import { errorAttributes, log } from "../log";

/** The envelope EventBridge hands to a rule's target; the local bus builds the same. */
export interface Envelope<T = unknown> {
  version: "0";
  id: string;
  "detail-type": string;
  source: string;
  account: string;
  time: string;
  region: string;
  resources: string[];
  detail: T;
}

export interface EventDefinition<S extends z.ZodType> {
  type: string;
  schema: S;
}

/** Declared next to its domain, named in the past tense: `signature.created`. */
export const event = <S extends z.ZodType>(type: string, schema: S): EventDefinition<S> => ({ type, schema });

export type Delivery = (envelope: Envelope) => void;

let localDelivery: Delivery | undefined;

/** The local server installs the in-process dispatcher that calls the subscriber handlers. */
export function deliverLocallyWith(delivery: Delivery) {
  localDelivery = delivery;
}

let eventBridge: EventBridgeClient | undefined;

export function envelope<T>(type: string, detail: T): Envelope<T> {
  return {
    version: "0",
    id: randomUUID(),
    "detail-type": type,
    source: EVENT_SOURCE,
    account: "local",
    time: new Date().toISOString(),
    region: settings().AWS_REGION,
    resources: [],
    detail,
  };
}

/**
 * Publishes after a write. Never throws: a side effect must not fail the visitor's request, and
 * the data it follows is already stored. Failures are logged for the operators.
 */
export async function publish<S extends z.ZodType>(def: EventDefinition<S>, detail: z.input<S>): Promise<void> {
  const parsed = def.schema.parse(detail);
  try {
    if (settings().BUS_DRIVER === "local") {
      if (!localDelivery) throw new Error("local bus has no delivery installed");
      localDelivery(envelope(def.type, parsed));
      return;
    }
    eventBridge ??= new EventBridgeClient({ region: settings().AWS_REGION });
    const res = await eventBridge.send(
      new PutEventsCommand({
        Entries: [
          {
            EventBusName: settings().EVENT_BUS_NAME,
            Source: EVENT_SOURCE,
            DetailType: def.type,
            Detail: JSON.stringify(parsed),
          },
        ],
      }),
    );
    if (res.FailedEntryCount) throw new Error(`PutEvents failed: ${JSON.stringify(res.Entries)}`);
  } catch (err) {
    log.error("event publish failed", { type: def.type, detail: parsed, ...errorAttributes(err) });
  }
}
