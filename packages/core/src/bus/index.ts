export * as Bus from "./index";

import { randomUUID } from "node:crypto";
import { EventBridgeClient, PutEventsCommand } from "@aws-sdk/client-eventbridge";
import { z } from "zod";
import { settings } from "../config";
import { faultFor } from "../faults/injector";
import { EVENT_SOURCE } from "./source";
import { errorAttributes, log } from "../log";
import { sortableId } from "../util/id";
import { SERVICE_TIMEOUTS, sdkRequestHandler } from "../util/sdk-http";

/** The envelope EventBridge hands to a rule's target; the local bus builds the same. */
export interface Envelope<T = unknown> {
  version: "0";
  /**
   * EventBridge's id of this delivery. Subscribers key their effects on the event's stable id
   * instead (`eventId(envelope)`): a republished event gets a new envelope id, never a new stable id.
   */
  id: string;
  "detail-type": string;
  source: string;
  account: string;
  time: string;
  region: string;
  resources: string[];
  detail: T;
}

/** `detail` as published: the event's own properties and, beside them, its stable id. */
export interface Wire<T = unknown> {
  metadata: { id: string };
  properties: T;
}

/** An event with its stable id: what the outbox stores and the bus publishes. */
export interface Published<T = unknown> {
  id: string;
  type: string;
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

/** An envelope as EventBridge would deliver it (the local bus and tests build deliveries with it). */
export function envelope<T>(type: string, detail: T, id = sortableId()): Envelope<Wire<T>> {
  return {
    version: "0",
    id: randomUUID(),
    "detail-type": type,
    source: EVENT_SOURCE,
    account: "local",
    time: new Date().toISOString(),
    region: settings().AWS_REGION,
    resources: [],
    detail: { metadata: { id }, properties: detail },
  };
}

const isWire = (detail: unknown): detail is Wire =>
  typeof detail === "object" && detail !== null && "properties" in detail && typeof (detail as Wire).metadata?.id === "string";

/**
 * The stable id and the properties of a delivered event. An envelope without metadata (published
 * before stable ids existed, e.g. redriven from the dead-letter queue) keeps its envelope id.
 */
export function unwrap(envelope: Envelope): { id: string; properties: unknown } {
  return isWire(envelope.detail)
    ? { id: envelope.detail.metadata.id, properties: envelope.detail.properties }
    : { id: envelope.id, properties: envelope.detail };
}

export const eventId = (envelope: Envelope) => unwrap(envelope).id;

/** PutEvents takes at most 10 entries per call. */
const BATCH = 10;

/** Hands events to the bus; throws when any of them was not accepted. */
export async function send(events: Published[]): Promise<void> {
  if (events.length === 0) return;
  // a run's injected fault (faults/): PutEvents takes the call but rejects an entry, as under throttling
  if (await faultFor("bus", "put-rejected")) throw new Error('PutEvents failed: [{"ErrorCode":"ThrottlingException","ErrorMessage":"Rate exceeded"}]');
  if (settings().BUS_DRIVER === "local") {
    if (!localDelivery) throw new Error("local bus has no delivery installed");
    for (const e of events) localDelivery(envelope(e.type, e.detail, e.id));
    return;
  }
  eventBridge ??= new EventBridgeClient({ region: settings().AWS_REGION, requestHandler: sdkRequestHandler(SERVICE_TIMEOUTS) });
  for (let i = 0; i < events.length; i += BATCH) {
    const batch = events.slice(i, i + BATCH);
    const res = await eventBridge.send(
      new PutEventsCommand({
        Entries: batch.map((e) => ({
          EventBusName: settings().EVENT_BUS_NAME,
          Source: EVENT_SOURCE,
          DetailType: e.type,
          Detail: JSON.stringify({ metadata: { id: e.id }, properties: e.detail } satisfies Wire),
        })),
      }),
    );
    if (res.FailedEntryCount) throw new Error(`PutEvents failed: ${JSON.stringify(res.Entries)}`);
  }
}

/**
 * An event an AWS service puts on the account's default bus (SES's sending events, source `aws.ses`),
 * as the local bus delivers it: to the subscribers of its source and detail type. Deployed the
 * service publishes it itself, so only the local stand-ins (the outbox's mailbox simulator) call this.
 */
export function deliverServiceEventLocally(source: string, detailType: string, detail: unknown): void {
  if (settings().BUS_DRIVER !== "local" || !localDelivery) return;
  localDelivery({
    version: "0",
    id: randomUUID(),
    "detail-type": detailType,
    source,
    account: "local",
    time: new Date().toISOString(),
    region: settings().AWS_REGION,
    resources: [],
    detail,
  });
}

/**
 * Publishes after a write. Never throws: a side effect must not fail the visitor's request, and
 * the data it follows is already stored (with an outbox item, when the write recorded one, which
 * the sweeper publishes again). Failures are logged for the operators.
 */
export async function publish<S extends z.ZodType>(def: EventDefinition<S>, detail: z.input<S>, id = sortableId()): Promise<void> {
  const parsed = def.schema.parse(detail);
  try {
    await send([{ id, type: def.type, detail: parsed }]);
  } catch (err) {
    log.error("event publish failed", { type: def.type, eventId: id, detail: parsed, ...errorAttributes(err) });
  }
}
